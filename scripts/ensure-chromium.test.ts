import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const script = path.join(import.meta.dirname, "ensure-chromium.sh");

let dir = "";
let aptLog = "";
let fakeAptGet = "";
let missingDefault = "";

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ensure-chromium-"));
  aptLog = path.join(dir, "apt-get.log");
  missingDefault = path.join(dir, "usr-bin-chromium");
  // A fake apt-get: records its arguments and, on install, puts an executable at the default path.
  fakeAptGet = path.join(dir, "apt-get");
  fs.writeFileSync(
    fakeAptGet,
    [
      "#!/bin/sh",
      `echo "$* (DEBIAN_FRONTEND=\${DEBIAN_FRONTEND:-})" >> '${aptLog}'`,
      `if [ "$1" = install ]; then printf '#!/bin/sh\\n' > '${missingDefault}'; chmod +x '${missingDefault}'; fi`,
      "",
    ].join("\n"),
    { mode: 0o755 },
  );
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(env: Record<string, string>) {
  const { CHROMIUM_PATH: _path, DEBIAN_FRONTEND: _frontend, ...inherited } = process.env;
  const result = spawnSync("sh", [script], {
    encoding: "utf8",
    env: {
      ...inherited,
      ENSURE_CHROMIUM_DEFAULT_PATH: missingDefault,
      ENSURE_CHROMIUM_APT_GET: fakeAptGet,
      ENSURE_CHROMIUM_UID: "0",
      ...env,
    },
  });
  return {
    status: result.status,
    output: `${result.stdout}${result.stderr}`,
    aptCalls: fs.existsSync(aptLog) ? fs.readFileSync(aptLog, "utf8").trim().split("\n") : [],
  };
}

describe("ensure-chromium.sh with CHROMIUM_PATH", () => {
  it("stops with one line naming a CHROMIUM_PATH that does not exist, and installs nothing", () => {
    const missing = path.join(dir, "no-such-chromium");
    const { status, output, aptCalls } = run({ CHROMIUM_PATH: missing });
    expect(status).not.toBe(0);
    expect(output).toBe(
      `CHROMIUM_PATH=${missing} does not exist: point it at a Chromium executable, or unset it to use ${missingDefault}.\n`,
    );
    expect(aptCalls).toEqual([]);
  });

  it("stops with one line naming a CHROMIUM_PATH that is not executable, and installs nothing", () => {
    const plain = path.join(dir, "chromium.txt");
    fs.writeFileSync(plain, "not a program", { mode: 0o644 });
    const { status, output, aptCalls } = run({ CHROMIUM_PATH: plain });
    expect(status).not.toBe(0);
    expect(output).toBe(
      `CHROMIUM_PATH=${plain} is not an executable file: point it at a Chromium executable, or unset it to use ${missingDefault}.\n`,
    );
    expect(aptCalls).toEqual([]);
  });

  it("refuses a directory as CHROMIUM_PATH", () => {
    const { status, output } = run({ CHROMIUM_PATH: dir });
    expect(status).not.toBe(0);
    expect(output).toContain(`CHROMIUM_PATH=${dir} is not an executable file`);
  });

  it("accepts an executable CHROMIUM_PATH silently, without installing", () => {
    const exe = path.join(dir, "my-chromium");
    fs.writeFileSync(exe, "#!/bin/sh\n", { mode: 0o755 });
    expect(run({ CHROMIUM_PATH: exe })).toEqual({ status: 0, output: "", aptCalls: [] });
  });
});

describe("ensure-chromium.sh without CHROMIUM_PATH", () => {
  it("does nothing when the default Chromium is there", () => {
    fs.writeFileSync(missingDefault, "#!/bin/sh\n", { mode: 0o755 });
    expect(run({})).toEqual({ status: 0, output: "", aptCalls: [] });
  });

  it("as root with apt-get: says so in one line, then installs Debian's chromium", () => {
    const { status, output, aptCalls } = run({});
    expect(status).toBe(0);
    expect(output).toBe(
      `Chromium not found at ${missingDefault}: installing Debian's chromium (apt-get update -qq && apt-get install -y -qq chromium)\n`,
    );
    expect(aptCalls).toEqual([
      "update -qq (DEBIAN_FRONTEND=)",
      "install -y -qq chromium (DEBIAN_FRONTEND=noninteractive)",
    ]);
  });

  it("as root, when apt-get fails: shows apt-get's output and one line naming the command", () => {
    fs.writeFileSync(
      fakeAptGet,
      "#!/bin/sh\necho 'E: Unable to locate package chromium' >&2\nexit 100\n",
    );
    const { status, output } = run({});
    expect(status).not.toBe(0);
    expect(output).toBe(
      [
        `Chromium not found at ${missingDefault}: installing Debian's chromium (apt-get update -qq && apt-get install -y -qq chromium)`,
        "E: Unable to locate package chromium",
        "Installing Debian's chromium failed (apt-get's output above); run as root: apt-get update && apt-get install -y chromium",
        "",
      ].join("\n"),
    );
  });

  it("not root: stops with one line naming the command to run, and installs nothing", () => {
    const { status, output, aptCalls } = run({ ENSURE_CHROMIUM_UID: "1000" });
    expect(status).not.toBe(0);
    expect(output).toBe(
      `Chromium not found at ${missingDefault}; the browser tests need it. Run as root: apt-get update && apt-get install -y chromium\n`,
    );
    expect(aptCalls).toEqual([]);
  });

  it("no apt-get: stops with one line saying how to point the tests at a Chromium", () => {
    const { status, output } = run({ ENSURE_CHROMIUM_APT_GET: path.join(dir, "nonexistent") });
    expect(status).not.toBe(0);
    expect(output).toBe(
      `Chromium not found at ${missingDefault} and there is no apt-get to install it: install Chromium, then run: CHROMIUM_PATH=/path/to/chromium npm test\n`,
    );
  });

  it("treats an empty CHROMIUM_PATH as unset", () => {
    fs.writeFileSync(missingDefault, "#!/bin/sh\n", { mode: 0o755 });
    expect(run({ CHROMIUM_PATH: "" })).toEqual({ status: 0, output: "", aptCalls: [] });
  });
});
