package appcode

func renderElectroDB(d *design) (string, []string) { return "", nil }
func renderToolbox(d *design) (string, []string)   { return "", nil }
