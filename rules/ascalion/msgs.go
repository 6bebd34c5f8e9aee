package ascalion

import (
	"embed"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Player-facing texts are messages of the catalogue "ascalion": locales/<lang>.toml, English the
// source. Lands ("land_ys"), goods, sources, religions, phases and regions are glossary messages,
// so every language names them its own way (German takes the rulebook's words);
// docs/i18n/ascalion.md lists them.

const catName = "ascalion"

//go:embed locales/*.toml
var localeFiles embed.FS

// registered is read by say, so the package variables built from messages (fixed labels and
// "what" phrases) are initialized after the catalogue.
var registered = func() bool { msg.Register(catName, localeFiles); return true }()

// M is a message of the catalogue.
type M = *msg.Message

// say is a message of the catalogue.
func say(id string, args ...msg.Arg) M {
	if !registered {
		panic("ascalion: catalogue not registered")
	}
	return msg.New(catName, id, args...)
}

// refuse is the *rules.Illegal of a message.
func refuse(id string, args ...msg.Arg) error { return rules.Refuse(say(id, args...)) }

func seatArg(name string, p int) msg.Arg { return msg.Seat(name, p) }
func nested(name string, m M) msg.Arg    { return msg.Nested(name, m) }
func code(name, s string) msg.Arg        { return msg.Code(name, s) }
func num(name string, n int) msg.Arg     { return msg.Number(name, n) }

// empty is an absent optional part of a message.
func empty(name string) msg.Arg { return msg.Code(name, "") }

// landTerm[l] is the glossary id of land l ("land_ys"); landMsg[l] the message of its name.
var landTerm, landMsg = func() ([]string, []M) {
	ids := make([]string, len(board.Lands))
	ms := make([]M, len(board.Lands))
	for l, L := range board.Lands {
		ids[l] = "land_" + L.Token
		ms[l] = say(ids[l])
	}
	return ids, ms
}()

func landArg(name string, l int) msg.Arg { return msg.Term(name, landTerm[l]) }

// goodTerm, sourceTerm, religionTerm and phaseTerm name the game's things in texts.
var (
	goodTerm     = [nGoods]string{"good_wood", "good_horse", "good_gold", "good_coal", "good_iron", "good_weapon"}
	goodCountID  = [nGoods]string{"n_wood", "n_horse", "n_gold", "n_coal", "n_iron", "n_weapon"}
	sourceTerm   = [5]string{"src_forest", "src_horse", "src_gold", "src_coal", "src_iron"}
	religionTerm = [2]string{"rel_sisters", "rel_brothers"}
	phaseTerm    = []string{"ph_setup", "ph_start", "ph_development", "ph_production", "ph_trade", "ph_transport", "ph_attack"}
)

func goodArg(name string, k int) msg.Arg { return msg.Term(name, goodTerm[k]) }

// regionTerm is the glossary id of a region's name ("region_nw"), "region_boats" for vessels.
func regionTerm(tok string) string { return "region_" + tok }

// fixed is a message without arguments, built once (labels, "what" phrases): messages are never
// changed after they are built, so they can be shared.
func fixed(id string) M { return say(id) }

// msgList joins messages: "a, b and c" ("nothing" for none).
func msgList(ms []M) M {
	switch len(ms) {
	case 0:
		return say("list_nothing")
	case 1:
		return ms[0]
	}
	head := ms[0]
	for _, m := range ms[1 : len(ms)-1] {
		head = say("list_comma", nested("A", head), nested("B", m))
	}
	return say("list_and", nested("A", head), nested("B", ms[len(ms)-1]))
}

// codeList joins notation alternatives: "nw, ne or sw".
func codeOr(xs []string) M {
	if len(xs) < 2 {
		s := ""
		if len(xs) == 1 {
			s = xs[0]
		}
		return say("code", code("Code", s))
	}
	head := say("code", code("Code", xs[0]))
	for _, x := range xs[1 : len(xs)-1] {
		head = say("list_comma", nested("A", head), nested("B", say("code", code("Code", x))))
	}
	return say("list_or", nested("A", head), nested("B", say("code", code("Code", xs[len(xs)-1]))))
}

// seatMsgs names seats in a sentence.
func seatMsgs(ps []int) M {
	ms := make([]M, len(ps))
	for i, p := range ps {
		ms[i] = say("seat", seatArg("Seat", p))
	}
	return msgList(ms)
}

// termIDs lists the glossary ids built at run time, for the catalogue check.
func termIDs() []string {
	out := append([]string(nil), landTerm...)
	out = append(out, goodTerm[:]...)
	out = append(out, goodCountID[:]...)
	out = append(out, sourceTerm[:]...)
	out = append(out, religionTerm[:]...)
	out = append(out, phaseTerm...)
	for _, r := range board.Regions {
		out = append(out, regionTerm(r.Token))
	}
	return append(out, regionTerm("boats"))
}

// What a menu expects, for refusals ("Write a land without a source: ..."). Those read by
// readArea have a "_bare" form without the article ("there is no land without a source").
var (
	wOffered       = fixed("w_offered")
	wYesNo         = fixed("w_yes_no")
	wLandNoSource  = fixed("w_land_no_source")
	wLandFree      = fixed("w_land_free")
	wBuild         = fixed("w_build")
	wWeaponArea    = fixed("w_weapon_area")
	wCityLand      = fixed("w_city_land")
	wBoatLand      = fixed("w_boat_land")
	wBoatPos       = fixed("w_boat_pos")
	wShipLand      = fixed("w_ship_land")
	wShipPos       = fixed("w_ship_pos")
	wRecipe        = fixed("w_recipe")
	wFoalLand      = fixed("w_foal_land")
	wConvertArea   = fixed("w_convert_area")
	wBookArea      = fixed("w_book_area")
	wTempleNo      = fixed("w_temple_no")
	wTempleLand    = fixed("w_temple_land")
	wUnivLand      = fixed("w_univ_land")
	wUnivAttack    = fixed("w_univ_attack")
	wPayArea       = fixed("w_pay_area")
	wPayResource   = fixed("w_pay_resource")
	wBookLossArea  = fixed("w_book_loss_area")
	wTradeAction   = fixed("w_trade_action")
	wOfferNumber   = fixed("w_offer_number")
	wColour        = fixed("w_colour")
	wGiveOrFor     = fixed("w_give_or_for")
	wGiveFrom      = fixed("w_give_from")
	wWant          = fixed("w_want")
	wPut           = fixed("w_put")
	wYourArea      = fixed("w_your_area")
	wPutResource   = fixed("w_put_resource")
	wStranded      = fixed("w_stranded")
	wMeans         = fixed("w_means")
	wHorseLand     = fixed("w_horse_land")
	wYourBoat      = fixed("w_your_boat")
	wYourShip      = fixed("w_your_ship")
	wGoodsLand     = fixed("w_goods_land")
	wNeighbourLand = fixed("w_neighbour_land")
	wCarry         = fixed("w_carry")
	wStep          = fixed("w_step")
	wLoadFrom      = fixed("w_load_from")
	wUnloadInto    = fixed("w_unload_into")
	wAllowRefuse   = fixed("w_allow_refuse")
	wAttackAction  = fixed("w_attack_action")
	wTarget        = fixed("w_target")
	wSide          = fixed("w_side")
)

// bare is a "what" without its article, for "there is no ... to choose".
func bare(what M) M { return say(what.ID+"_bare", what.Args...) }

// bareIDs lists the "_bare" forms of the "what" messages readArea is given, for the catalogue
// check.
var bareIDs = []string{"w_land_no_source", "w_land_free", "w_weapon_area", "w_city_land", "w_boat_land",
	"w_ship_land", "w_foal_land", "w_convert_area", "w_book_area", "w_temple_land", "w_univ_land",
	"w_pay_area", "w_book_loss_area", "w_give_from", "w_pay_from", "w_your_area", "w_stranded",
	"w_horse_land", "w_your_boat", "w_your_ship", "w_goods_land", "w_neighbour_land", "w_load_from",
	"w_unload_into", "w_target"}

// colourTerm names the seats' colours ("col_red"): the board's legend and seat names.
var colourTerm = []string{"col_red", "col_blue", "col_yellow", "col_green", "col_purple", "col_black"}

// ColourMsg is seat p's colour as a message of the game's catalogue ("Red", "Rot"), for boards
// drawn in other languages.
func ColourMsg(p int) *msg.Message {
	if p < 0 || p >= len(colourTerm) {
		return say("player_n", num("N", p+1))
	}
	return say(colourTerm[p])
}

// PhaseMsg is phase i's name ("production"), GoodMsg good k's ("wood"), as messages of the game's
// catalogue, for boards.
func PhaseMsg(i int) *msg.Message { return say(phaseTerm[i]) }
func GoodMsg(k int) *msg.Message  { return say(goodTerm[k]) }
