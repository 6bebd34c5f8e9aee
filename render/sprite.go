package render

import (
	"image"
	"image/color"
	"sync"
)

// Sprites caches pre-drawn images (pieces, tiles, markers) keyed by everything that changes how they
// look: a board draws each distinct appearance once per process and then only copies pixels.
// Sprites is safe for concurrent use; the images it returns are shared and must not be modified.
type Sprites[K comparable] struct {
	paint func(K) image.Image
	mu    sync.RWMutex
	m     map[K]image.Image
}

// maxSprites bounds a cache whose keys come from data, such as sizes derived from a board's shape.
const maxSprites = 4096

// NewSprites returns a cache that draws a missing sprite with paint (typically on NewSprite).
func NewSprites[K comparable](paint func(K) image.Image) *Sprites[K] {
	return &Sprites[K]{paint: paint, m: make(map[K]image.Image)}
}

// Get returns the sprite for k, drawing it on first use.
func (s *Sprites[K]) Get(k K) image.Image {
	s.mu.RLock()
	img, ok := s.m[k]
	s.mu.RUnlock()
	if ok {
		return img
	}
	img = s.paint(k)
	s.mu.Lock()
	if old, ok := s.m[k]; ok {
		img = old
	} else if len(s.m) < maxSprites {
		s.m[k] = img
	}
	s.mu.Unlock()
	return img
}

// NewSprite returns a transparent w x h canvas to draw a sprite on; return its Image from the
// paint function.
func NewSprite(w, h int) *Canvas { return NewCanvas(w, h, color.Transparent) }
