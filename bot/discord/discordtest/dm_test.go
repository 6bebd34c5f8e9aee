package discordtest

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// Direct messages as Discord documents them: Create DM gives the same channel each time, even
// for a user who takes no DMs from the bot; each message to such a user is refused with 403
// Cannot send messages to this user (50007). Every request passes the spec check.
func TestFakeDirectMessages(t *testing.T) {
	f := New(t)
	s := f.Session()
	s.Client.Transport = v10{f.Transport()} // as the bot's REST does
	ch, err := s.UserChannelCreate("80351110224678912")
	if err != nil || ch.Type != discordgo.ChannelTypeDM || len(ch.Recipients) != 1 || ch.Recipients[0].ID != "80351110224678912" {
		t.Fatalf("a DM channel with the user: %+v %v", ch, err)
	}
	again, err := s.UserChannelCreate("80351110224678912")
	if err != nil || again.ID != ch.ID {
		t.Fatalf("the same channel again: %+v %v", again, err)
	}
	if _, err := s.ChannelMessageSend(ch.ID, "hello"); err != nil {
		t.Fatal(err)
	}
	if dms := f.DMs("80351110224678912"); len(dms) != 1 || dms[0].Content != "hello" {
		t.Fatalf("the DM: %+v", dms)
	}
	f.CloseDMs("80351110224678912")
	_, err = s.ChannelMessageSend(ch.ID, "again")
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response.StatusCode != 403 || re.Message == nil || re.Message.Code != CannotMessageUser {
		t.Fatalf("refused with 403 50007: %v", err)
	}
	if len(f.DMs("80351110224678912")) != 1 {
		t.Fatal("the refused DM was posted")
	}
}

// v10 sends discordgo's API v9 paths to v10.
type v10 struct{ next http.RoundTripper }

func (v v10) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.URL.Path = strings.Replace(r.URL.Path, "/api/v9/", "/api/v10/", 1)
	return v.next.RoundTrip(r)
}
