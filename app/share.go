package app

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/json"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/sharelink"
)

// shareLink is a share link with the design it was made of. The field shows
// it only while that design is the one in front of the user: a link made
// before another design opened, or before an edit, carries another model,
// and copying it would share the wrong one.
type shareLink struct {
	design uint64
	draft  *model.Model
	url    string
}

// of returns the link when it carries st's draft, "" otherwise.
func (l shareLink) of(st *State) string {
	if st == nil || l.draft != st.Draft || l.design != st.Design {
		return ""
	}
	return l.url
}

// onShare puts the draft model in the address bar as a share link
// (/#m=...): the fragment never reaches a server. A model too large for a
// link is stored on the server instead (POST /api/share) and shared as
// /s/{id}.
func (p *workbenchPage) onShare(ctx goapp.Context, e goapp.Event) {
	st := p.store.State()
	link, err := sharelink.Encode(st.Draft)
	switch {
	case err == nil:
		u := ctx.Page().URL()
		u.Path, u.RawQuery, u.Fragment = "/", "", "m="+link
		p.opened = u.Path + "?#" + u.Fragment
		ctx.Page().ReplaceURL(u)
		p.share = shareLink{design: st.Design, draft: st.Draft, url: u.String()}
		p.store.Note("Share link made: it carries the whole model in the URL fragment, which never reaches a server")
		publish(ctx, p.store)
	case errors.Is(err, sharelink.ErrTooLong):
		p.storeShare(ctx, st)
	default:
		p.store.fail(fmt.Errorf("the share link could not be made: %w", err))
		publish(ctx, p.store)
	}
}

// storeShare posts the model to the server's share store.
func (p *workbenchPage) storeShare(ctx goapp.Context, st *State) {
	doc, err := model.Marshal(st.Draft)
	if err != nil {
		p.store.fail(err)
		publish(ctx, p.store)
		return
	}
	opts := map[string]any{
		"method":  "POST",
		"headers": map[string]any{"Content-Type": "application/json"},
		"body":    string(doc),
	}
	fetchText(goapp.Window().Call("fetch", "/api/share", opts), func(status int, body string) {
		ctx.Dispatch(func(ctx goapp.Context) {
			var out struct {
				ID    string `json:"id"`
				URL   string `json:"url"`
				Error string `json:"error"`
			}
			if err := json.Unmarshal([]byte(body), &out); err != nil || status >= 300 {
				msg := out.Error
				if msg == "" {
					msg = fmt.Sprintf("HTTP %d", status)
				}
				p.store.fail(fmt.Errorf("the model is too large for a link, and the server did not store it: %s", msg))
				publish(ctx, p.store)
				return
			}
			u := ctx.Page().URL()
			u.Path, u.RawQuery, u.Fragment = out.URL, "", ""
			p.opened = u.Path + "?#"
			ctx.Page().ReplaceURL(u)
			p.share = shareLink{design: st.Design, draft: st.Draft, url: u.String()}
			p.store.Note("The model is too large for a link, so the server stored it: share this address")
			publish(ctx, p.store)
		})
	})
}

// openLink opens a model from a share link's fragment.
func (p *workbenchPage) openLink(ctx goapp.Context, fragment string) {
	m, err := sharelink.Decode(fragment)
	if errors.Is(err, sharelink.ErrCorrupt) {
		// Said as it is, so that nobody takes what opens for the design.
		p.store.fail(fmt.Errorf("%w. Nothing was opened: ask for the link again", err))
		publish(ctx, p.store)
		return
	}
	if err != nil {
		p.store.fail(fmt.Errorf("the share link cannot be opened: %w", err))
		publish(ctx, p.store)
		return
	}
	p.openDecoded(ctx, m)
}

// openStored fetches a stored share and opens it.
func (p *workbenchPage) openStored(ctx goapp.Context, id string) {
	fetchText(goapp.Window().Call("fetch", "/api/share/"+url.PathEscape(id)), func(status int, body string) {
		ctx.Dispatch(func(ctx goapp.Context) {
			if status != 200 {
				p.store.fail(fmt.Errorf("the shared model %s cannot be opened (HTTP %d): %s", id, status, strings.TrimSpace(body)))
				publish(ctx, p.store)
				return
			}
			m, err := model.Parse([]byte(body))
			if err != nil {
				p.store.fail(fmt.Errorf("the shared model cannot be opened: %w", err))
				publish(ctx, p.store)
				return
			}
			p.openDecoded(ctx, m)
		})
	})
}

// openDecoded opens a shared model and loads its dataset: explicit items
// at once, a generator's at its size in the background.
func (p *workbenchPage) openDecoded(ctx goapp.Context, m *model.Model) {
	doc, err := model.Marshal(m)
	if err == nil {
		err = p.store.OpenModel(doc)
	}
	publish(ctx, p.store)
	if err != nil {
		return
	}
	p.tab = TabData
	if m.Dataset != nil && m.Dataset.Generator != nil {
		startLoad(ctx, p.store, m.Dataset.Generator.Size)
	}
}

// fetchText resolves a fetch() promise to its status and body text. A
// request that never reached the server (stopped, offline) rejects: done
// then gets status 0 and the browser's reason, so that the caller can say
// the server could not be reached instead of waiting forever.
func fetchText(promise goapp.Value, done func(status int, body string)) {
	var ok, failed goapp.Func
	release := func() {
		ok.Release()
		failed.Release()
	}
	ok = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		release()
		resp := args[0]
		status := resp.Get("status").Int()
		resp.Call("text").Then(func(text goapp.Value) { done(status, text.String()) })
		return nil
	})
	failed = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		release()
		reason := "the request failed"
		if len(args) > 0 && args[0].Truthy() {
			reason = args[0].Call("toString").String()
		}
		done(0, reason)
		return nil
	})
	promise.Call("then", ok, failed)
}
