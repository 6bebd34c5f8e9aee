package phone

import "strconv"

func strconvQ(s string) string { return strconv.Quote(s) }
func ftoa(f float64) string    { return strconv.FormatFloat(f, 'f', 1, 64) }
