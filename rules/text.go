package rules

import (
	"embed"

	"github.com/boardbot/boardbot/rules/msg"
)

// The refusals of ValidateSetup, shared by every game: rules/locales/<lang>.toml.
//
//go:embed locales/*.toml
var localeFiles embed.FS

const catName = "rules"

var _ = func() bool { msg.Register(catName, localeFiles); return true }()
