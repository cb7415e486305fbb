"""The table: every player holds their own character on their own device, and the game master's campaign stays the
one truth.

A roll or a change made on a player's device is a *proposal*: the operation, its arguments (never a sheet), which
characters fill its sheets, the dice faces in the order thrown and whether they were digital or physical, who, when,
a unique id, and what the player saw. The game master's app *accepts* it by running it again through the engine on
its own current sheets with the recorded faces (:mod:`.accept`): pure and deterministic, so two devices accepting the
same proposals in the same order reach the same campaign. Never is a sheet copied from a player onto the campaign
(that would be last-writer-wins): two players' damage to one sheet both apply, one after the other. A proposal the
rules refuse (a dead investigator rolls, a second push) changes nothing and is answered with the rules' reason; one
already decided is a duplicate and changes nothing; where the game master's sheets differ from what the player saw
(a skill changed, a wound), the decision says what differs in words (:mod:`.differences`). Undo stays with the game
master: accepted proposals are log entries like any other.

What a player may propose is declared once (:mod:`.players`). The game master asks for rolls with *roll requests*
(one seat, several or all) and sends each seat an *update* (its character, the decisions of its proposals, the open
requests, whose turn it is, numbered so an older one is refused); a player joins with an *invitation*
(:mod:`.shapes`). All of them travel as *codes* (:mod:`.codes`): versioned, packed and signed with the seat's key,
read from any pasted text and refused in plain words when damaged, altered, stale, newer or for another campaign.
The operations of the JSON door are :mod:`.operations`.
"""
