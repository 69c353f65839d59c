//go:build js && wasm

package model

// Under wasm a load runs its source inline: the page has one thread
// (load_pipeline.go runs it beside the loader where there are two).

func pipelines(int) bool { return false }

func pipelinedSource(src Source) Source { return src }
