package apply

import (
	"context"

	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// dynoxideBin finds the dynoxide binary scripts/bench-compare.sh installs
// (npm's @dynoxide/linux-x64, in $DYNOXIDE_DIR, /tmp/dynoxide by default).
func dynoxideBin(t *testing.T) string {
	dir := os.Getenv("DYNOXIDE_DIR")
	if dir == "" {
		dir = "/tmp/dynoxide"
	}
	bin := dir + "/node_modules/@dynoxide/linux-x64/dynoxide"
	if _, err := os.Stat(bin); err != nil {
		if os.Getenv("WORKBENCH_REQUIRE_DYNOXIDE") != "" {
			t.Fatalf("no dynoxide at %s (scripts/bench-compare.sh installs it)", bin)
		}
		t.Skipf("no dynoxide at %s (scripts/bench-compare.sh installs it)", bin)
	}
	return bin
}

// startDynoxide runs dynoxide on a free loopback port until the test ends.
func startDynoxide(t *testing.T) string {
	bin := dynoxideBin(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	var log strings.Builder
	cmd := exec.Command(bin, "serve", "--host", "127.0.0.1", "--port", fmt.Sprint(port))
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	for deadline := time.Now().Add(30 * time.Second); ; {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("dynoxide did not listen on %s: %s", addr, log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	return "http://" + addr
}

// TestRunPITRToDynoxide applies the table with every setting, point-in-time
// recovery included, to dynoxide (another emulator, in Rust): dynoxide
// answers UpdateContinuousBackups with UnknownOperationException, so the
// apply goes on, says so in a warning and in the table's report, and the
// access patterns match; the other settings are read back there.
func TestRunPITRToDynoxide(t *testing.T) {
	url := startDynoxide(t)
	client, err := NewClient(context.Background(), url, "")
	if err != nil {
		t.Fatal(err)
	}
	m := everySetting(t)
	rep, err := Run(context.Background(), m, client, Options{Endpoint: url, ReadRetries: -1})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if !rep.Match {
		t.Errorf("%d mismatches", rep.Mismatches)
	}
	_, err = client.DescribeContinuousBackups(context.Background(), &dynamodb.DescribeContinuousBackupsInput{TableName: aws.String(m.Tables[0].TableName)})
	if supported := err == nil; supported {
		// A dynoxide that implements continuous backups: they are on.
		if !rep.Tables[0].PointInTimeRecovery || len(rep.Warnings) != 0 {
			t.Errorf("report %+v, warnings %q", rep.Tables[0], rep.Warnings)
		}
		checkSettings(t, client, m)
		return
	}
	if rep.Tables[0].PointInTimeRecovery || len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "does not implement UpdateContinuousBackups") {
		t.Errorf("report %+v, warnings %q", rep.Tables[0], rep.Warnings)
	}
	checkSettingsBesidesPITR(t, client, m)
}
