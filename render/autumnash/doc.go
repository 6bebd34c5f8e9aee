// Package autumnash draws the Autumn Ash board from the public view of rules/autumnash (import it
// under another name, e.g. aarender, beside the rules package of the same name).
//
// Image(v, meta) and PNG(v, meta) take a rules/autumnash View, by value or pointer. The picture is meant to be
// read on a phone, so every fact has a shape or a letter as well as a colour:
//
//   - The board is light wood with coordinates on all four sides; the 8x8 Unsettled board shades
//     the squares no leaf can reach any more and outlines the field that is left (every 5x6
//     placement that still holds all the pieces).
//   - A pyramid is a triangle whose height gives its size (pawn, drone, queen), with its colour's
//     letter in the image's language (English G Y R B K for Rainbow, C W O N P for Xeno, N being
//     cyan; German G E R B S, T W O C V; the render catalogue's letter_*) and one to three pips.
//     Colours follow Okabe–Ito where the rulebook colour allows. Xeno's pyramids carry an inner
//     contour, clear ones an ice tint and a white glint (not stripes, which would read as the burnt
//     hatch), and all are outlined in ink so clear and white stand out on the wood.
//   - A stack shows its top pyramid in front at full size, the ones beneath fanned out behind it in
//     their own colours and sizes, a column of lettered chips reading it bottom to top, and a badge
//     with its height.
//   - A square under a burnt leaf (black or purple) is hatched; entry corners carry a star, as in
//     the rulebook.
//   - Both players' last moves are marked, each in its side's colour, the older one pale and
//     thinner: an arrow along its path (turning where the leaf turned) into a framed destination;
//     a ringed plus badge marks the corner where a leaf entered, dashed frames with a cross the
//     squares that lost leaves to bagging, and a "+N" tag the points scored. The footer tells
//     both in words, the newer first, each after an arrow drawn as on the board.
//   - The image is a portrait, as a phone holds it, 772 px wide, every text at least 18 px (9 px
//     once shown 400 px wide), and the board takes most of it: coordinates on the left and below
//     only. Above the board: whose turn it is (or the result) and both scores as bars out of the
//     target. Under it: the last moves in words and the result's reason, then a thin strip per
//     side with its unplayed stash (each colour's chip, then how many pawns, drones and queens are
//     left; the side to move framed in ink, nobody once the game is over), and one line of legend
//     for the marks a newcomer cannot guess. The full legend is on /rules.
//
// Rendering draws over a cached background (empty board, panel frames, legend) and caches every
// pyramid, chip and marker as a sprite, then quantises to a fixed palette: see the benchmarks.
package autumnash
