// Package phone holds the test that every game's turn image reads on a phone: scaled to 400 px
// wide, as Discord shows it until tapped, every label is at least 9 px tall. It has no code of its
// own; it imports every game's rules and renderer to draw them.
package phone
