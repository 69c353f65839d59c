package cli

// Commands are the workbench's commands besides serving
// (`workbench export ...`), by name. Each lives in its own file and
// registers itself in an init function; it gets the arguments after its
// name and returns the process's exit code.
var Commands = map[string]func(args []string) int{}

// Version identifies the build, as the server's -version does; the program
// sets it before it runs a command (the MCP command reports it).
var Version string

// maxInput bounds a model or a design file read from standard input: models
// with explicit items and NoSQL Workbench files with sample data are large,
// but not without bound (the server's POST /api/export takes 8 MiB).
const maxInput = 8 << 20
