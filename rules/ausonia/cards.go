package ausonia

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

//go:embed data/cards.toml
var cardsTOML string

// Keyword is an ability keyword from the rulebook.
type Keyword int8

const (
	Influence Keyword = iota
	Corruption
	Discard
	Draw
	Manipulation
	Foresight
	Raise
	Seal
	Burn
	numKeywords
)

var keywordNames = [numKeywords]string{"influence", "corruption", "discard", "draw", "manipulation", "foresight", "raise", "seal", "burn"}

func (k Keyword) String() string { return keywordNames[k] }

// Title is the keyword as printed on cards.
func (k Keyword) Title() string { return strings.ToUpper(keywordNames[k][:1]) + keywordNames[k][1:] }

// Effect is one keyword with its number (Seal has none).
type Effect struct {
	Kw Keyword `json:"kw"`
	X  int     `json:"x"`
}

func (e Effect) String() string {
	if e.Kw == Seal {
		return "Seal"
	}
	return fmt.Sprintf("%s %d", e.Kw.Title(), e.X)
}

// CondKind says what an ability needs: a gem cost, or one of the three red-background conditions.
type CondKind int8

const (
	CondCost    CondKind = iota // pay Gems
	CondGems                    // you used at least Gems this turn
	CondKeyword                 // you used an ability with keyword Kw this turn
	CondGuild                   // you used an ability of a card of Guild this turn
)

// Ability is one ability of a card.
type Ability struct {
	Kind  CondKind
	Gems  Gems    // the cost (CondCost) or the gems to have used (CondGems)
	Kw    Keyword // CondKeyword
	Guild int     // CondGuild: index into Guilds
	Do    []Effect
	Text  string // generated from the fields above
}

// Condition reports whether the ability triggers by a condition rather than a cost.
func (a *Ability) Condition() bool { return a.Kind != CondCost }

// Kind of card.
type CardKind int8

const (
	GemCard    CardKind = iota // starter gem card
	HouseCard                  // starter favour card
	FavourCard                 // from the Favour deck
	PowerCard                  // from the Power deck
)

// Card is one card type. Cards of the same type are interchangeable, so tokens name types.
type Card struct {
	Code      string
	Name      string
	Kind      CardKind
	Guild     int // index into Guilds, -1 for none
	Cost      Gems
	Gives     Gems // gem cards: what the card gives in play
	Star      bool // star-marked gem card: may become a source
	Abilities []Ability
}

// IsFavour reports whether the card is a favour card in the rulebook's sense (not a gem card).
func (c *Card) IsFavour() bool { return c.Kind != GemCard }

// GuildName is the guild's name, or "" for cards of no guild.
func (c *Card) GuildName() string {
	if c.Guild < 0 {
		return ""
	}
	return Guilds[c.Guild].Name
}

// Text is the card's rules text, one line per ability (or its gems for a gem card).
func (c *Card) Text() []string {
	if c.Kind == GemCard {
		t := "Gives " + c.Gives.Describe("") + "."
		if c.Star {
			t += " Star: can become a source."
		}
		return []string{t}
	}
	out := make([]string, len(c.Abilities))
	for i := range c.Abilities {
		out[i] = c.Abilities[i].Text
	}
	return out
}

// Label is a short description for menus: "Sellsword (Condottieri; pay 1 bloodshard: Corruption 2)".
func (c *Card) Label() string {
	var b strings.Builder
	b.WriteString(c.Name)
	b.WriteString(" — ")
	if g := c.GuildName(); g != "" {
		b.WriteString(g)
		b.WriteString("; ")
	}
	b.WriteString(strings.Join(c.Text(), " "))
	return b.String()
}

// Guild is one of the five guilds of the Favour deck.
type Guild struct {
	Key, Letter, Name, About string
}

// House is a starter deck's house.
type House struct {
	Mark, Name string
}

// Aspirant is a solo opponent.
type Aspirant struct {
	Code, Name string
	PerGem     [4][]Effect // what each gem in the taken card's cost does (s, e, b, r)
	Kept       []Effect    // the kept-card ability
}

// Text describes the Aspirant's abilities.
func (a *Aspirant) Text() []string {
	var out []string
	for g := Sapphire; g <= Rainbow; g++ {
		out = append(out, fmt.Sprintf("Each %s in the cost: %s.", g, effectsText(a.PerGem[g])))
	}
	out = append(out, "Plus Influence 2 for each kept card.")
	out = append(out, "Keeps cards with 3 different gems in their cost.")
	out = append(out, "When it keeps a card: "+effectsText(a.Kept)+".")
	return out
}

// The catalogue, loaded once from the embedded data file.
var (
	Cards     []*Card // every card type, starter first, then favour, then power
	Guilds    []Guild
	Houses    []House
	Aspirants []*Aspirant
	byCode    map[string]int
	starterN  []int // the starter deck as card indices (12)
	favourN   []int // the Favour deck (45)
	powerN    []int // the Power deck (15)
)

func init() {
	cat, err := loadCatalogue(cardsTOML)
	if err != nil {
		panic("ausonia: " + err.Error())
	}
	Cards, Guilds, Houses, Aspirants = cat.cards, cat.guilds, cat.houses, cat.aspirants
	byCode, starterN, favourN, powerN = cat.byCode, cat.starter, cat.favour, cat.power
}

// CardByCode finds a card type by its code ("v3").
func CardByCode(code string) (*Card, bool) {
	i, ok := byCode[code]
	if !ok {
		return nil, false
	}
	return Cards[i], true
}

type catalogue struct {
	cards                  []*Card
	guilds                 []Guild
	houses                 []House
	aspirants              []*Aspirant
	byCode                 map[string]int
	starter, favour, power []int
}

type rawAbility struct {
	Pay         string `toml:"pay"`
	WhenGems    string `toml:"when_gems"`
	WhenKeyword string `toml:"when_keyword"`
	WhenGuild   string `toml:"when_guild"`
	Do          string `toml:"do"`
}

type rawCard struct {
	Code      string       `toml:"code"`
	Name      string       `toml:"name"`
	Guild     string       `toml:"guild"`
	Cost      string       `toml:"cost"`
	Gems      string       `toml:"gems"`
	Star      bool         `toml:"star"`
	Abilities []rawAbility `toml:"abilities"`
}

type rawFile struct {
	Guild []struct {
		Key, Letter, Name, About string
	} `toml:"guild"`
	House []struct {
		Mark, Name string
	} `toml:"house"`
	Starter  []rawCard `toml:"starter"`
	Favour   []rawCard `toml:"favour"`
	Power    []rawCard `toml:"power"`
	Aspirant []struct {
		Code, Name, S, E, B, R, Kept string
	} `toml:"aspirant"`
}

// Sizes fixed by the rulebook.
const (
	starterSize = 12
	favourSize  = 45
	powerSize   = 15
	maxAnySlots = 3 // keeps payment menus within 20 entries
)

func loadCatalogue(src string) (*catalogue, error) {
	var raw rawFile
	md, err := toml.Decode(src, &raw)
	if err != nil {
		return nil, fmt.Errorf("cards data: %w", err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return nil, fmt.Errorf("cards data: unknown field %s", und[0])
	}
	cat := &catalogue{byCode: map[string]int{}}
	guildIx := map[string]int{}
	for _, g := range raw.Guild {
		guildIx[g.Key] = len(cat.guilds)
		cat.guilds = append(cat.guilds, Guild{Key: g.Key, Letter: g.Letter, Name: g.Name, About: g.About})
	}
	for _, h := range raw.House {
		cat.houses = append(cat.houses, House{Mark: h.Mark, Name: h.Name})
	}
	if len(cat.houses) != 4 {
		return nil, fmt.Errorf("cards data: %d houses, want 4", len(cat.houses))
	}
	add := func(rc rawCard, kind CardKind) (int, error) {
		c, err := buildCard(rc, kind, guildIx, cat.guilds)
		if err != nil {
			return 0, fmt.Errorf("card %q: %w", rc.Code, err)
		}
		if _, dup := cat.byCode[c.Code]; dup {
			return 0, fmt.Errorf("card code %q used twice", c.Code)
		}
		cat.byCode[c.Code] = len(cat.cards)
		cat.cards = append(cat.cards, c)
		return len(cat.cards) - 1, nil
	}
	for _, rc := range raw.Starter {
		kind := HouseCard
		if rc.Gems != "" {
			kind = GemCard
		}
		i, err := add(rc, kind)
		if err != nil {
			return nil, err
		}
		cat.starter = append(cat.starter, i)
	}
	for _, rc := range raw.Favour {
		i, err := add(rc, FavourCard)
		if err != nil {
			return nil, err
		}
		cat.favour = append(cat.favour, i)
	}
	for _, rc := range raw.Power {
		i, err := add(rc, PowerCard)
		if err != nil {
			return nil, err
		}
		cat.power = append(cat.power, i)
	}
	if len(cat.starter) != starterSize || len(cat.favour) != favourSize || len(cat.power) != powerSize {
		return nil, fmt.Errorf("cards data: decks of %d/%d/%d cards, want %d/%d/%d",
			len(cat.starter), len(cat.favour), len(cat.power), starterSize, favourSize, powerSize)
	}
	for _, ra := range raw.Aspirant {
		a := &Aspirant{Code: ra.Code, Name: ra.Name}
		for g, s := range []string{ra.S, ra.E, ra.B, ra.R} {
			if a.PerGem[g], err = parseAspirantEffects(s); err != nil {
				return nil, fmt.Errorf("aspirant %q: %w", ra.Code, err)
			}
		}
		if a.Kept, err = parseAspirantEffects(ra.Kept); err != nil {
			return nil, fmt.Errorf("aspirant %q: %w", ra.Code, err)
		}
		cat.aspirants = append(cat.aspirants, a)
	}
	if len(cat.aspirants) != 3 {
		return nil, fmt.Errorf("cards data: %d aspirants, want 3", len(cat.aspirants))
	}
	return cat, nil
}

// parseAspirantEffects allows only what an automaton can do: gain influence, corrupt, burn.
func parseAspirantEffects(s string) ([]Effect, error) {
	es, err := ParseEffects(s, true)
	if err != nil {
		return nil, err
	}
	for _, e := range es {
		if e.Kw != Influence && e.Kw != Corruption && e.Kw != Burn {
			return nil, fmt.Errorf("an Aspirant cannot use %s", e.Kw.Title())
		}
	}
	return es, nil
}

func buildCard(rc rawCard, kind CardKind, guildIx map[string]int, guilds []Guild) (*Card, error) {
	if !validCode(rc.Code) {
		return nil, fmt.Errorf("code must be a lowercase letter and digits")
	}
	if rc.Name == "" {
		return nil, fmt.Errorf("no name")
	}
	c := &Card{Code: rc.Code, Name: rc.Name, Kind: kind, Guild: -1, Star: rc.Star}
	var err error
	if rc.Guild != "" {
		g, ok := guildIx[rc.Guild]
		if !ok {
			return nil, fmt.Errorf("unknown guild %q", rc.Guild)
		}
		c.Guild = g
	}
	if (kind == FavourCard || kind == PowerCard) && c.Guild < 0 {
		return nil, fmt.Errorf("favour and power cards need a guild")
	}
	if c.Cost, err = ParseGems(rc.Cost); err != nil {
		return nil, err
	}
	if c.Cost[Rainbow] > maxAnySlots {
		return nil, fmt.Errorf("cost has more than %d any-gem slots", maxAnySlots)
	}
	if (kind == FavourCard || kind == PowerCard) && c.Cost.Total() == 0 {
		return nil, fmt.Errorf("no cost")
	}
	if c.Gives, err = ParseGems(rc.Gems); err != nil {
		return nil, err
	}
	if kind == GemCard {
		if len(rc.Abilities) > 0 || c.Gives.Total() == 0 {
			return nil, fmt.Errorf("a gem card gives gems and has no abilities")
		}
		return c, nil
	}
	if c.Star {
		return nil, fmt.Errorf("only gem cards carry a star")
	}
	if len(rc.Abilities) < 1 || len(rc.Abilities) > 2 {
		return nil, fmt.Errorf("a favour card has one or two abilities, not %d", len(rc.Abilities))
	}
	for _, ra := range rc.Abilities {
		a, err := buildAbility(ra, guildIx, guilds)
		if err != nil {
			return nil, err
		}
		c.Abilities = append(c.Abilities, a)
	}
	return c, nil
}

func validCode(s string) bool {
	if len(s) < 2 || len(s) > 4 || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func buildAbility(ra rawAbility, guildIx map[string]int, guilds []Guild) (Ability, error) {
	var a Ability
	set := 0
	var err error
	if ra.Pay != "" {
		set++
		a.Kind = CondCost
		if a.Gems, err = ParseGems(ra.Pay); err != nil {
			return a, err
		}
		if a.Gems[Rainbow] > maxAnySlots {
			return a, fmt.Errorf("ability cost has more than %d any-gem slots", maxAnySlots)
		}
	}
	if ra.WhenGems != "" {
		set++
		a.Kind = CondGems
		if a.Gems, err = ParseGems(ra.WhenGems); err != nil {
			return a, err
		}
		if a.Gems[Rainbow] > 0 || a.Gems.Kinds() != 1 {
			return a, fmt.Errorf("a gem condition names gems of one colour")
		}
	}
	if ra.WhenKeyword != "" {
		set++
		a.Kind = CondKeyword
		k, ok := keywordByName(ra.WhenKeyword)
		if !ok || k == Burn {
			return a, fmt.Errorf("unknown keyword %q", ra.WhenKeyword)
		}
		a.Kw = k
	}
	if ra.WhenGuild != "" {
		set++
		a.Kind = CondGuild
		g, ok := guildIx[ra.WhenGuild]
		if !ok {
			return a, fmt.Errorf("unknown guild %q", ra.WhenGuild)
		}
		a.Guild = g
	}
	if set != 1 {
		return a, fmt.Errorf("an ability has exactly one of pay, when_gems, when_keyword, when_guild")
	}
	if a.Kind == CondCost && a.Gems.Total() == 0 {
		return a, fmt.Errorf("a cost ability must cost something")
	}
	if a.Do, err = ParseEffects(ra.Do, false); err != nil {
		return a, err
	}
	a.Text = abilityText(&a, guilds)
	return a, nil
}

func keywordByName(s string) (Keyword, bool) {
	for k := Keyword(0); k < numKeywords; k++ {
		if keywordNames[k] == s {
			return k, true
		}
	}
	return 0, false
}

// ParseEffects reads "influence 2, draw 1, seal". Burn is allowed only when burn is true (it is a
// solo keyword the Aspirants use). Numbers run from 1 to 9.
func ParseEffects(s string, burn bool) ([]Effect, error) {
	if len(s) > 200 {
		return nil, fmt.Errorf("effect list too long")
	}
	var out []Effect
	for _, part := range strings.Split(s, ",") {
		f := strings.Fields(part)
		if len(f) == 0 {
			return nil, fmt.Errorf("empty effect in %q", s)
		}
		k, ok := keywordByName(f[0])
		if !ok {
			return nil, fmt.Errorf("unknown keyword %q", f[0])
		}
		if k == Burn && !burn {
			return nil, fmt.Errorf("burn is only for Aspirants")
		}
		e := Effect{Kw: k}
		if k == Seal {
			if len(f) != 1 {
				return nil, fmt.Errorf("seal takes no number")
			}
		} else {
			if len(f) != 2 {
				return nil, fmt.Errorf("%s needs one number", f[0])
			}
			x, err := strconv.Atoi(f[1])
			if err != nil || x < 1 || x > 9 {
				return nil, fmt.Errorf("%s needs a number from 1 to 9, not %q", f[0], f[1])
			}
			e.X = x
		}
		out = append(out, e)
	}
	return out, nil
}

func effectsText(es []Effect) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.String()
	}
	return strings.Join(parts, ", ")
}

func abilityText(a *Ability, guilds []Guild) string {
	var head string
	switch a.Kind {
	case CondCost:
		head = "Pay " + a.Gems.Describe("any")
	case CondGems:
		head = "If you used " + a.Gems.Describe("")
	case CondKeyword:
		head = "If you used " + a.Kw.Title()
	case CondGuild:
		name := guilds[a.Guild].Name
		art := "a "
		if strings.ContainsRune("AEIOU", rune(name[0])) {
			art = "an "
		}
		head = "If you used " + art + name + " card"
	}
	return head + ": " + effectsText(a.Do) + "."
}
