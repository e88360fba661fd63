"""Network play: one server holds the only authoritative game; clients (windows, network bots)
send move strings and receive every move. Imports the engine and the bots, never pygame.

    python -m qiguo.net.server --port 0 --seats nnnnnnn      # a headless server
    python -m qiguo.net.bot --join 127.0.0.1:PORT --code C --level easy

The messages are described in docs/protocol.md."""
