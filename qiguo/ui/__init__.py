"""Drawing the game window: fonts, layout, the board, the panel, widgets, piece art, sound and
input maps. Imports the engine, the window's logic (qiguo.play) and the leaves; nothing below
it (engine, ai, net, play) imports this package, and it imports no scene."""
