"""The table: the game loop that turns the engine's prompts into talk and
what the players say back into actions (`trivia-host play`).

conversation.Table is the loop core; it talks through a channel (keyboard,
script or voice), saves after every step and writes a transcript.
"""
