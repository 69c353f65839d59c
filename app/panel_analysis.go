package app

import goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

// partitionsPanel shows the table's keyspace as partitions.
type partitionsPanel struct {
	goapp.Compo
	Panel
}

// Render draws the panel.
func (p *partitionsPanel) Render() goapp.UI { return goapp.Div().Text("Partitions") }

// loadPanel runs the workload in the simulator and plays its heat map.
type loadPanel struct {
	goapp.Compo
	Panel
}

// Render draws the panel.
func (p *loadPanel) Render() goapp.UI { return goapp.Div().Text("Load") }

// fanOutPanel shows a write-sharded read fanning out.
type fanOutPanel struct {
	goapp.Compo
	Panel
}

// Render draws the panel.
func (p *fanOutPanel) Render() goapp.UI { return goapp.Div().Text("Fan-out") }

// costPanel shows the cost of every access pattern.
type costPanel struct {
	goapp.Compo
	Panel
}

// Render draws the panel.
func (p *costPanel) Render() goapp.UI { return goapp.Div().Text("Cost") }
