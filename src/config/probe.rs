//! The config's keys read from the structs serde fills (`raw.rs`), the one
//! place a key is written: each struct's `Deserialize` is run against a
//! probe that offers every field it names and notes what each asks for
//! (text, a whole number of which width, true or false, a list, a table,
//! optional or not). The schema the file is checked against (`schema.rs`)
//! is built from what the probe saw.

use serde::de::value::{BorrowedStrDeserializer, UsizeDeserializer};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;

/// What one value asks for.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Shape {
    Text,
    /// A whole number in `min..=max` (the width of its Rust type).
    Whole(i64, i64),
    Bool,
    List(Box<Shape>),
    Table(Vec<Field>),
    /// Read with `deserialize_any`: text or a table (the caller knows which
    /// table: the probe cannot see the fields of a value read so).
    Either,
    /// May be left out.
    Optional(Box<Shape>),
}

/// One field of a struct, by the name serde reads it under.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Field {
    pub(super) name: &'static str,
    pub(super) shape: Shape,
    /// Refused when missing: neither an `Option` nor `#[serde(default)]`.
    pub(super) required: bool,
}

/// The fields of the struct `T`, each with its shape and whether it must
/// be written; nested tables alike.
///
/// # Panics
/// When `T` holds a type the probe cannot offer a value of (a float, an
/// enum): a config struct changed so, the schema test fails on it.
pub(super) fn fields<'de, T: Deserialize<'de>>() -> Vec<Field> {
    let mut shape = None;
    if let Err(e) = T::deserialize(Probe {
        shape: &mut shape,
        omit: &[],
    }) {
        panic!("the config struct cannot be probed: {e}");
    }
    let Some(Shape::Table(mut fields)) = shape else {
        panic!("the config's top level is not a struct: {shape:?}");
    };
    mark_required::<T>(&mut fields, &mut Vec::new());
    fields
}

/// Marks the fields serde refuses to miss: `T` read again with each field
/// at `path` (and below) left out, one at a time.
fn mark_required<'de, T: Deserialize<'de>>(fields: &mut [Field], path: &mut Vec<&'static str>) {
    for field in fields {
        path.push(field.name);
        if !matches!(field.shape, Shape::Optional(_)) {
            let mut shape = None;
            field.required = T::deserialize(Probe {
                shape: &mut shape,
                omit: path,
            })
            .is_err();
        }
        if let Some(inner) = table_of(&mut field.shape) {
            mark_required::<T>(inner, path);
        }
        path.pop();
    }
}

/// The fields of the table a shape holds (through options and lists).
fn table_of(shape: &mut Shape) -> Option<&mut Vec<Field>> {
    match shape {
        Shape::Table(fields) => Some(fields),
        Shape::Optional(inner) | Shape::List(inner) => table_of(inner),
        _ => None,
    }
}

/// Why probing stopped: a field serde would not go without, or a type no
/// config value has.
#[derive(Debug)]
struct Stop(String);

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Stop {}

impl de::Error for Stop {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Stop(message.to_string())
    }
}

/// Offers the smallest value of whatever type is asked for, and writes
/// down what was asked. `omit` is the path of a field to leave out.
struct Probe<'a> {
    shape: &'a mut Option<Shape>,
    omit: &'a [&'static str],
}

impl Probe<'_> {
    fn whole<'de, V: Visitor<'de>>(self, min: i64, max: i64, visitor: V) -> Result<V::Value, Stop> {
        *self.shape = Some(Shape::Whole(min, max));
        visitor.visit_i64(0)
    }
}

impl<'de> Deserializer<'de> for Probe<'_> {
    type Error = Stop;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        *self.shape = Some(Shape::Either);
        visitor.visit_borrowed_str("")
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        *self.shape = Some(Shape::Bool);
        visitor.visit_bool(false)
    }

    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        self.whole(0, i64::from(u16::MAX), visitor)
    }

    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        self.whole(0, i64::from(u32::MAX), visitor)
    }

    /// `u64` and `usize`: as far as TOML's whole numbers go.
    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        self.whole(0, i64::MAX, visitor)
    }

    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        self.whole(i64::MIN, i64::MAX, visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        *self.shape = Some(Shape::Text);
        visitor.visit_borrowed_str("")
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        self.deserialize_str(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        let mut inner = None;
        let value = visitor.visit_some(Probe {
            shape: &mut inner,
            omit: self.omit,
        })?;
        *self.shape = Some(Shape::Optional(Box::new(known(inner)?)));
        Ok(value)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        let mut item = None;
        let value = visitor.visit_seq(One {
            shape: Some(&mut item),
            omit: self.omit,
        })?;
        *self.shape = Some(Shape::List(Box::new(known(item)?)));
        Ok(value)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Stop> {
        if serde_spanned::__unstable::is_spanned(name, fields) {
            // a value with its place in the file: the value's shape
            return visitor.visit_map(Spanned3 {
                at: 0,
                value: Some(self),
            });
        }
        let mut offered = Vec::new();
        let value = visitor.visit_map(Fields {
            names: fields,
            at: 0,
            omit: self.omit,
            offered: &mut offered,
        })?;
        *self.shape = Some(Shape::Table(offered));
        Ok(value)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        visitor.visit_unit()
    }

    fn deserialize_f64<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
        Err(Stop("a decimal number is no config value".into()))
    }

    serde::forward_to_deserialize_any! {
        i8 i16 i32 i128 u8 u128 f32 char bytes byte_buf unit unit_struct
        newtype_struct tuple tuple_struct map enum identifier
    }
}

fn known(shape: Option<Shape>) -> Result<Shape, Stop> {
    shape.ok_or_else(|| Stop("a value asked for nothing".into()))
}

/// A list of one item.
struct One<'a> {
    shape: Option<&'a mut Option<Shape>>,
    omit: &'a [&'static str],
}

impl<'de> SeqAccess<'de> for One<'_> {
    type Error = Stop;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Stop> {
        match self.shape.take() {
            Some(shape) => seed
                .deserialize(Probe {
                    shape,
                    omit: self.omit,
                })
                .map(Some),
            None => Ok(None),
        }
    }
}

/// A struct's fields, each offered under its name (but the one left out).
struct Fields<'a> {
    names: &'static [&'static str],
    at: usize,
    omit: &'a [&'static str],
    offered: &'a mut Vec<Field>,
}

impl<'de> MapAccess<'de> for Fields<'_> {
    type Error = Stop;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Stop> {
        while let Some(&name) = self.names.get(self.at) {
            self.at += 1;
            if self.omit == [name] {
                continue;
            }
            return seed
                .deserialize(BorrowedStrDeserializer::new(name))
                .map(Some);
        }
        Ok(None)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Stop> {
        let name = self.names[self.at - 1];
        let omit = match self.omit.split_first() {
            Some((&first, below)) if first == name => below,
            _ => &[],
        };
        let mut shape = None;
        let value = seed.deserialize(Probe {
            shape: &mut shape,
            omit,
        })?;
        self.offered.push(Field {
            name,
            shape: known(shape)?,
            required: false,
        });
        Ok(value)
    }
}

/// `toml::Spanned`'s three fields: where the value starts and ends (0),
/// and the value.
struct Spanned3<'a> {
    at: usize,
    value: Option<Probe<'a>>,
}

impl<'de> MapAccess<'de> for Spanned3<'_> {
    type Error = Stop;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Stop> {
        use serde_spanned::__unstable::{END_FIELD, START_FIELD, VALUE_FIELD};
        let Some(&name) = [START_FIELD, END_FIELD, VALUE_FIELD].get(self.at) else {
            return Ok(None);
        };
        self.at += 1;
        seed.deserialize(BorrowedStrDeserializer::new(name))
            .map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Stop> {
        match (self.at, self.value.take()) {
            (3, Some(probe)) => seed.deserialize(probe),
            (_, value) => {
                self.value = value;
                seed.deserialize(UsizeDeserializer::new(0))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toml::Spanned;

    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct Inner {
        need: Spanned<String>,
        #[serde(default)]
        country: String,
        list: Option<Vec<u32>>,
    }

    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct Outer {
        port: Option<u16>,
        flag: bool,
        inner: Inner,
        #[serde(default)]
        many: Vec<Inner>,
        #[serde(rename = "wide")]
        big: Spanned<usize>,
    }

    #[test]
    fn the_probe_reads_names_types_and_what_must_be_written() {
        let f = fields::<Outer>();
        let summary: Vec<(&str, bool)> = f.iter().map(|f| (f.name, f.required)).collect();
        assert_eq!(
            summary,
            [
                ("port", false),
                ("flag", true),
                ("inner", true),
                ("many", false),
                ("wide", true)
            ]
        );
        assert_eq!(
            f[0].shape,
            Shape::Optional(Box::new(Shape::Whole(0, 65535)))
        );
        assert_eq!(f[4].shape, Shape::Whole(0, i64::MAX));
        let Shape::Table(inner) = &f[2].shape else {
            panic!("{:?}", f[2].shape)
        };
        let inner: Vec<(&str, bool, &Shape)> = inner
            .iter()
            .map(|f| (f.name, f.required, &f.shape))
            .collect();
        assert_eq!(
            inner,
            [
                ("need", true, &Shape::Text),
                ("country", false, &Shape::Text),
                (
                    "list",
                    false,
                    &Shape::Optional(Box::new(Shape::List(Box::new(Shape::Whole(
                        0,
                        i64::from(u32::MAX)
                    )))))
                ),
            ]
        );
        // a table in a list: its own fields' needs, found through the list
        let Shape::List(item) = &f[3].shape else {
            panic!("{:?}", f[3].shape)
        };
        let Shape::Table(item) = &**item else {
            panic!("{item:?}")
        };
        assert!(item[0].required && !item[1].required);
    }
}
