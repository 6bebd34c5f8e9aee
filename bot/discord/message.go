package discord

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/boardbot/boardbot/bot"
	"github.com/bwmarrin/discordgo"
)

// file is an attachment kept as bytes, so a retried request can read it again.
type file struct {
	Name        string
	ContentType string
	Data        []byte
	Description string // the alt text screen readers read; Discord takes at most maxAltText
}

// maxAltText is Discord's limit on an attachment's description.
const maxAltText = 1024

// imageFile is an image of the bot as a file, its alt text as the description.
func imageFile(img *bot.Image) file {
	return file{Name: img.Name, ContentType: contentType(img.Name), Data: img.PNG, Description: cut(img.Alt, maxAltText)}
}

// cut shortens s to at most n runes, without a mark (an alt text read aloud needs none).
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// Message is what the bot says: text, components, attachments, and exactly the users it pings.
type Message struct {
	Content    string
	Components []discordgo.MessageComponent // nil: none (on an edit: leave them unless Clear)
	Clear      bool                         // on an edit: remove every component
	Files      []file
	Users      []string // the users pinged; nobody else, whatever the text says
	Ephemeral  bool
	Nonce      string // makes a repeated create return the first message (enforce_nonce)
	// Silent posts without push or desktop notifications (a post held back from pinging
	// players in their quiet hours).
	Silent bool
}

// suppressNotifications is Discord's SUPPRESS_NOTIFICATIONS message flag (1 << 12), one of the
// few a bot may set when it creates a message.
const suppressNotifications = discordgo.MessageFlags(1 << 12)

func (m Message) discordFiles() []*discordgo.File {
	out := make([]*discordgo.File, len(m.Files))
	for i, f := range m.Files {
		out[i] = &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)}
	}
	return out
}

// attachment is one entry of a body's attachments list. discordgo's MessageAttachment has no
// description, so the bodies that carry files use this one.
type attachment struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

// attachments lists a message's new files by their upload index (files[n]), each with its alt
// text. On an edit (API v10) the message then holds exactly these: without the list Discord
// would keep the earlier files and add the new ones, so a picker edited at each step would pile
// up boards (and refuse the 11th).
func (m Message) attachments() []attachment {
	if len(m.Files) == 0 {
		return nil
	}
	out := make([]attachment, len(m.Files))
	for i, f := range m.Files {
		out[i] = attachment{ID: strconv.Itoa(i), Filename: f.Name, Description: f.Description}
	}
	return out
}

// mentions lists exactly the users to ping; Parse is empty so no text in the message can ping
// anyone else (@everyone, roles, a user named in a player's name).
func (m Message) mentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: m.Users}
}

func (m Message) flags() discordgo.MessageFlags {
	var f discordgo.MessageFlags
	if m.Ephemeral {
		f |= discordgo.MessageFlagsEphemeral
	}
	if m.Silent {
		f |= suppressNotifications
	}
	return f
}

func (m Message) data() *discordgo.InteractionResponseData {
	d := &discordgo.InteractionResponseData{Content: m.Content, Components: m.Components, AllowedMentions: m.mentions(),
		Flags: m.flags(), Files: m.discordFiles()}
	if d.Components == nil && m.Clear {
		d.Components = []discordgo.MessageComponent{}
	}
	return d
}

// Answer is a Handler's reply to one interaction.
type Answer struct {
	Type    discordgo.InteractionResponseType
	Msg     Message
	Choices []*discordgo.ApplicationCommandOptionChoice // autocomplete
}

// Response builds the discordgo response (with fresh file readers).
func (a *Answer) Response() *discordgo.InteractionResponse {
	r := &discordgo.InteractionResponse{Type: a.Type}
	switch a.Type {
	case discordgo.InteractionResponsePong:
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		r.Data = &discordgo.InteractionResponseData{Choices: a.Choices}
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		r.Data = &discordgo.InteractionResponseData{Flags: a.Msg.flags()}
	case discordgo.InteractionResponseDeferredMessageUpdate:
	default:
		r.Data = a.Msg.data()
	}
	return r
}

// autocompleteResult is Discord's autocomplete answer. Discord requires choices even when
// nothing matches, and discordgo's omitempty would drop an empty list.
type autocompleteResult struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data struct {
		Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
	} `json:"data"`
}

// wire is the response as it goes to Discord in a JSON body (payload_json when it has files).
func (a *Answer) wire() any {
	if a.Type == discordgo.InteractionApplicationCommandAutocompleteResult {
		r := autocompleteResult{Type: a.Type}
		r.Data.Choices = a.Choices
		if r.Data.Choices == nil {
			r.Data.Choices = []*discordgo.ApplicationCommandOptionChoice{}
		}
		return r
	}
	r := a.Response()
	if r.Data == nil || len(a.Msg.Files) == 0 {
		return r
	}
	return wireResponse{Type: r.Type, Data: wireData{r.Data, a.Msg.attachments()}}
}

// wireResponse is a response whose message carries files, with their attachments list.
type wireResponse struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data wireData                          `json:"data"`
}

// wireData is discordgo's response data with our attachments list in place of its own (the
// outer field wins over the embedded one of the same JSON name).
type wireData struct {
	*discordgo.InteractionResponseData
	Attachments []attachment `json:"attachments,omitempty"`
}

func (a *Answer) update() bool {
	return a.Type == discordgo.InteractionResponseUpdateMessage || a.Type == discordgo.InteractionResponseDeferredMessageUpdate
}

// Discord's limits on text.
const (
	maxContent = 2000
	maxLabel   = 80 // buttons
	maxOption  = 100
)

// clip shortens s to n characters (runes), marking the cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

func say(text string, ephemeral bool) *Answer {
	return &Answer{Type: discordgo.InteractionResponseChannelMessageWithSource, Msg: Message{Content: clip(text, maxContent), Ephemeral: ephemeral}}
}

func updateWith(m Message) *Answer {
	m.Ephemeral = false
	return &Answer{Type: discordgo.InteractionResponseUpdateMessage, Msg: m}
}

// selectMenu is a string select. discordgo's options always carry a description, and Discord
// refuses an empty one; here an option without one leaves the field out.
type selectMenu struct {
	CustomID    string         `json:"custom_id"`
	Placeholder string         `json:"placeholder,omitempty"`
	Options     []selectOption `json:"options"`
}

type selectOption struct {
	Label       string `json:"label"`
	Value       string `json:"value"`
	Description string `json:"description,omitempty"`
}

func (selectMenu) Type() discordgo.ComponentType { return discordgo.SelectMenuComponent }

func (m selectMenu) MarshalJSON() ([]byte, error) {
	type plain selectMenu // without this method
	return json.Marshal(struct {
		Type discordgo.ComponentType `json:"type"`
		plain
	}{m.Type(), plain(m)})
}

func row(cs ...discordgo.MessageComponent) discordgo.MessageComponent {
	return discordgo.ActionsRow{Components: cs}
}

func button(label string, style discordgo.ButtonStyle, id string) discordgo.Button {
	return discordgo.Button{Label: clip(label, maxLabel), Style: style, CustomID: id}
}

// rows packs buttons five to a row, at most five rows.
func rows(bs []discordgo.MessageComponent) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for len(bs) > 0 && len(out) < 5 {
		n := min(5, len(bs))
		out = append(out, row(bs[:n]...))
		bs = bs[n:]
	}
	return out
}

func mention(user string) string { return "<@" + user + ">" }

// nonce derives a message nonce (at most 25 characters) from a prefix and a unique key.
func nonce(prefix, key string) string {
	h := sha256.Sum256([]byte(key))
	return prefix + base64.RawURLEncoding.EncodeToString(h[:15])
}
