# AnswerNotice: see src/letters/answers.rs
