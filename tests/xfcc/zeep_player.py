"""A chess program's side of a game, spoken through zeep (a SOAP client
that builds itself from the endpoint's WSDL): waits for its turn with
GetMyGames and sends the next of its moves with MakeAMove. Used by
tests/real_mail.rs; prints what it saw, one line per step, as JSON.

    zeep_player.py URL USER PASSWORD MOVE...
"""

import json
import sys
import time

from zeep import Client


def main():
    url, user, password, *moves = sys.argv[1:]
    client = Client(url + "?wsdl")
    deadline = time.time() + 120
    sent = 0
    while time.time() < deadline:
        games = client.service.GetMyGames(username=user, password=password) or []
        if len(games) != 1:
            raise SystemExit(f"expected one game, got {len(games)}")
        game = games[0]
        if sent == len(moves):
            if game.result != "Ongoing":
                print(json.dumps({"final": game.result, "moves": game.moves,
                                  "myTurn": game.myTurn}), flush=True)
                return
        elif game.myTurn:
            plies = game.moves.count("[%ccsnt")
            movecount = plies // 2 + 1
            result = client.service.MakeAMove(
                username=user, password=password, gameId=game.id,
                resign=False, acceptDraw=False, movecount=movecount,
                myMove=moves[sent], offerDraw=False, claimDraw=False,
                myMessage=f"move {sent + 1} from zeep")
            print(json.dumps({"move": moves[sent], "movecount": movecount,
                              "result": result,
                              "daysPlayer": game.daysPlayer,
                              "message": game.message}), flush=True)
            if result != "Success":
                raise SystemExit(f"{moves[sent]}: {result}")
            sent += 1
        time.sleep(0.3)
    raise SystemExit("the game did not end in time")


if __name__ == "__main__":
    main()
