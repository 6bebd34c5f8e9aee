package discordtest

// CustomIDs lists the custom ids of a message body's components, in order.
func CustomIDs(m map[string]any) []string {
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case []any:
			for _, y := range x {
				walk(y)
			}
		case map[string]any:
			if id, ok := x["custom_id"].(string); ok {
				out = append(out, id)
			}
			walk(x["components"])
		}
	}
	walk(m["components"])
	return out
}
