"""A network player played by a bot: ``python -m qiguo.net.bot --join HOST:PORT --code C
[--seat LETTER] --level LEVEL [--data DIR]``. It keeps its seat token in DIR (like the window),
so if it is stopped and started again it gets its seat back; if the connection drops (the
server restarting, say) it keeps trying to join again for a while."""
from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Callable, Sequence

from qiguo.ai import Budget, choose_move
from qiguo.ai.seats import parse_level
from qiguo.cmdline import Parser, checked, parse, parsed, seconds, whole
from qiguo.engine import KINGDOMS, Move

from .link import NOT_QIGUO, TOO_LONG
from .gate import EARLY_END, OUT_OF_SEQUENCE, Backoff, Gate
from .protocol import BUSY, MAX_LINE, VERSION, ProtocolError, decode, encode, keep_alive, parse_address
from .session import Session, Tokens, key_of


class Refused(Exception):
    """The server said no (wrong code, seat taken...): joining again will not help."""


class Busy(Exception):
    """The server has no room just now (or asks to wait): join again after a pause."""



async def play(host: str, port: int, code: str, seat: str, level: str, tokens: Tokens, retry: float,
               nodes: int | None, moves: Path | None = None) -> int:
    """Play the seat to the end of the game; returns the exit status. With `moves`, the game's
    moves as this client saw them are written there at the end (JSON). A connection that ends
    (or falls silent, or finds the server busy) is joined again after a pause that doubles from
    0.5 s to 8 s; after Backoff.TRIES of them in a row that brought the game no further, the
    bot gives up with one line."""
    key = key_of(host, port, code, seat)
    session = Session()
    waited = 0.0
    backoff = Backoff()
    why = ""
    while True:
        try:
            reader, writer = await asyncio.open_connection(host, port, limit=MAX_LINE + 2)
        except OSError:
            if waited >= retry:
                print(f"error: cannot reach {host}:{port}", file=sys.stderr)
                return 2
            await asyncio.sleep(0.5)
            waited += 0.5
            continue
        waited = 0.0
        pinger = asyncio.ensure_future(keep_alive(writer))
        before = session.game.ply if session.game is not None else -1
        try:
            result = await one_connection(reader, writer, session, code, seat, tokens.get(key), level, nodes,
                                          lambda token: tokens.put(key, token))
            why = "the connection ended"
        except Refused as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        except (Busy, Silent) as e:
            result, why = None, str(e)
        finally:
            pinger.cancel()
            writer.close()
        if result is not None and session.game is not None:
            print(f"result winner={result['winners']} reason={result['reason']} plies={session.game.ply}")
            if moves is not None:
                moves.write_text(json.dumps(session.game.history), encoding="utf-8")
            return 0
        if session.game is not None and session.game.ply > before:
            backoff.progress()
        pause = backoff.failed()
        if backoff.spent:
            print(f"error: gave up joining {host}:{port} after {backoff.TRIES} tries ({why})", file=sys.stderr)
            return 2
        print(f"joining again in {pause:g} s ({why})", file=sys.stderr)
        await asyncio.sleep(pause)


class Silent(Exception):
    """The server sent no whole line in time: join again (after a pause)."""


async def one_connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, session: Session, code: str,
                         seat: str, token: str, level: str, nodes: int | None,
                         keep: Callable[[str], None]) -> dict | None:
    """Until the game ends (its result) or the connection drops (None). Every line passes the
    connection's Gate first: what a server may not send is Refused."""
    hello = {"type": "hello", "version": VERSION, "code": code, "name": f"bot {level}"}
    if token:
        hello["token"] = token
    elif seat:
        hello["seat"] = seat
    writer.write(encode(hello))
    asked = -1
    gate = Gate()
    loop = asyncio.get_running_loop()
    while True:
        try:
            line = await asyncio.wait_for(reader.readline(), gate.wait())
        except asyncio.TimeoutError:
            raise Silent(gate.silence()) from None
        except ValueError:  # a line over the limit
            raise Refused(TOO_LONG) from None
        except (ConnectionError, OSError):
            return None
        if not line.endswith(b"\n"):  # the end, or a line cut off by it: join again
            return None
        try:
            message = decode(line)
        except ProtocolError:
            raise Refused(NOT_QIGUO) from None
        kind = message["type"]
        if kind == "error" and not gate.welcomed and message.get("code") in BUSY:
            raise Busy(f"the server is busy: {str(message.get('message', 'busy'))[:200]}")
        problem = gate.take(message, len(line))
        if problem:
            raise Refused(problem)
        if kind == "error" and session.game is None:
            raise Refused(str(message.get("message", "refused"))[:200])
        if kind == "welcome":
            try:
                session.welcome(message)
            except ValueError as e:
                raise Refused(f"the server's welcome cannot be read ({e})") from None
            if session.seat is None:
                raise Refused("no seat is free")
            keep(session.token)  # at once: if this process is killed, a new one takes the seat back
            asked = -1
        else:
            happened = session.apply(message)
            if happened in ("gap", "stale"):
                raise Refused(OUT_OF_SEQUENCE)  # the gate lets neither through: a defect, said
            if happened == "bad":
                raise Refused(session.problem)
        if session.game is not None and session.game.result is not None:
            return {"winners": session.game.result.winners, "reason": session.game.result.reason}
        if kind == "end":
            raise Refused(EARLY_END)
        if session.game is not None and session.my_turn and asked != session.game.ply:
            asked = session.game.ply
            game = session.game.copy()
            budget = Budget(nodes=nodes) if nodes else None
            move = await loop.run_in_executor(None, lambda: choose_move(game, level, seed=game.ply, budget=budget))
            if session.game is not None and session.game.ply == asked:
                try:
                    writer.write(encode(session.move_message(str(Move(move)))))
                    await writer.drain()
                except (ConnectionError, OSError):
                    return None  # the server went while we thought: join again


def main(argv: Sequence[str] | None = None) -> int:
    p = Parser(prog="python -m qiguo.net.bot", description="a bot that plays a network seat")
    p.add_argument("--join", type=checked(parse_address, "HOST:PORT"), required=True, metavar="HOST:PORT")
    p.add_argument("--code", required=True)
    p.add_argument("--seat", default="", help="the kingdom letter to sit at (default: the first free seat)")
    p.add_argument("--level", type=parsed(parse_level), default="normal", help="novice, easy, normal or hard")
    p.add_argument("--nodes", type=whole(1, 10 ** 7), default=None, help="search nodes a move instead of time")
    p.add_argument("--data", default=None, help="the folder for its seat token (default: the game's)")
    p.add_argument("--retry", type=seconds(0, 600), default=30.0,
                   help="seconds to keep trying to reach the server")
    p.add_argument("--moves", default=None, help="write the game's moves (JSON) to this file at the end")
    args = parse(p, argv)
    if isinstance(args, int):
        return args
    if args.seat and (len(args.seat) != 1 or args.seat not in KINGDOMS):
        print(f"error: --seat takes a kingdom letter ({KINGDOMS})", file=sys.stderr)
        return 2
    host, port = args.join
    tokens = Tokens(Path(args.data) if args.data else None)
    try:
        return asyncio.run(play(host, port, args.code, args.seat, args.level, tokens, args.retry, args.nodes,
                                Path(args.moves) if args.moves else None))
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
