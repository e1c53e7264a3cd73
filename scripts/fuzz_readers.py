#!/usr/bin/env python3
"""Mutation fuzz of the readers of `hfd`, run by scripts/sanitize.sh.

Each case takes one input a reader of `hfd` accepts (every sample, the corpus
models, configs, states, scenarios, parameter files and OpenSim models, and
excitation, trajectory and sweep files written here), applies a few random
edits to it and runs the command that reads it. A case fails when the tool
dies of a signal, exits with the sanitizer exit code or writes a sanitizer
report, exits with a code outside its documented 0-4, or outlives the per-run
timeout. Rejections of the mutated input (exit 1, 2 or 3) are expected.

Case i of seed S is made from random.Random(f"{S}:{i}") alone, so a run is
repeatable and `--case i` replays one case. Each failing case leaves a folder
with the mutated input, the command, its output and a repro.sh.
"""
import argparse
import collections
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

SANITIZER_EXIT = 86
SANITIZER_MARKS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:", "UndefinedBehaviorSanitizer")
EXPECTED_EXITS = {0, 1, 2, 3, 4}

# Values that stress number parsing and the checks behind it.
NUMBERS = ["nan", "-nan", "inf", "-inf", "1e308", "-1e308", "1e400", "1e-320", "1e-400", "0", "-0", "-1",
           "1e-300", "2147483648", "-9223372036854775809", "99999999999999999999", "0x10", "1..2", "1e", "."]
TOKENS = ["{", "}", "[", "]", "=", "\"", "#", "$x", "$", "\n", ",", ";", "..", "\r", "\r\n", "\t", "\0",
          "\xef\xbb\xbf", "\xff", "\xc3\xa9", "a" * 300, "9" * 40, "{ a = 1 }", "= =", "[ 1 2", "\"\n\"", "/*", "*/",
          "<", ">", "</", "/>", "<![CDATA[", "&amp;", "&#0;"] + NUMBERS
NUMBER = re.compile(rb"-?\d+(\.\d*)?([eE][-+]?\d+)?")


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to four edits: spans removed, tokens inserted, numbers replaced,
    chunks and lines duplicated, deleted or swapped, or the file cut short."""
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3, 4))):
        if not data:
            data = rng.choice(TOKENS).encode("latin-1")
            continue
        at = rng.randrange(len(data))
        kind = rng.randrange(10)
        if kind == 0:
            data = data[:at] + data[at + rng.randint(1, 16):]
        elif kind == 1:
            data = data[:at] + rng.choice(TOKENS).encode("latin-1") + data[at:]
        elif kind == 2:
            data = data[:at] + bytes([rng.randrange(256)]) + data[at:]
        elif kind in (3, 4, 8):  # numbers are where most checks are
            numbers = list(NUMBER.finditer(data))
            if numbers:
                m = rng.choice(numbers)
                data = data[:m.start()] + rng.choice(NUMBERS).encode() + data[m.end():]
        elif kind == 5:
            start = rng.randrange(len(data))
            data = data[:at] + data[start:start + rng.randint(1, 64)] + data[at:]
        elif kind == 6 or kind == 7:
            lines = data.split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            if kind == 6:
                lines.insert(j, lines[i])
            elif rng.random() < 0.5:
                del lines[i]
            else:
                lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        else:
            data = data[:at]
    return data


class Target:
    """One input file inside a folder and the commands that read it. The
    folder is mirrored by symbolic links so that the files it refers to
    (meshes, included scenario parts, init files) are found next to the
    mutated copy."""

    def __init__(self, name, folder, relative, commands):
        self.name, self.folder, self.relative, self.commands = name, folder, relative, commands


def mirror(source: str, destination: str):
    for root, _, files in os.walk(source):
        out = os.path.join(destination, os.path.relpath(root, source))
        os.makedirs(out, exist_ok=True)
        for f in files:
            link = os.path.join(out, f)
            if not os.path.lexists(link):
                os.symlink(os.path.join(root, f), link)


def make_generated_inputs(hfd: str, samples: str, folder: str) -> None:
    """Excitation, trajectory, storage and sweep files written by the tool itself."""
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "excitation.csv"), "w") as f:
        f.write("# arm_muscles\ntime,biceps,triceps\n0,0.1,0\n0.004,1,0.2\n0.01,0.5,0.5\n")
    with open(os.path.join(folder, "sweep.csv"), "w") as f:
        f.write("body.rod.density,body.rod.joint.pivot.stiffness,gravity\n1000,1e6,[ 0 -9.81 0 ]\n500,1e5,[ 0 -1 0 ]\n")
    for model in ("arm_muscles", "human_planar"):
        subprocess.run([hfd, "simulate", os.path.join(samples, model + ".hfd"), "--duration", "0.03", "--sample",
                        "0.01", "--out", os.path.join(folder, model + "_run.csv"), "--sto",
                        os.path.join(folder, model + "_run.sto")], check=True, stdout=subprocess.DEVNULL)


def targets(source_dir: str, corpus: str, generated: str):
    samples = os.path.join(source_dir, "samples")
    out = "{tmp}/out"
    result = []
    for f in sorted(os.listdir(samples)):
        if f.endswith(".hfd"):
            result.append(Target("sample " + f, samples, f, [
                ["info", "{input}"], ["simulate", "{input}", "--duration", "0.01", "--out", out + ".csv"]]))
    sample = lambda name: os.path.join(samples, name)
    result += [
        Target("excitation csv", generated, "excitation.csv", [
            ["simulate", sample("arm_muscles.hfd"), "--excitation", "{input}", "--duration", "0.01"]]),
        Target("sweep csv", generated, "sweep.csv", [
            ["batch", sample("pendulum.hfd"), "--sweep", "{input}", "--duration", "0.01", "--threads", "1",
             "--out-dir", out]]),
        Target("trajectory csv", generated, "human_planar_run.csv", [
            ["analyze", "residual", sample("human_planar.hfd"), "--trajectory", "{input}", "--out", out + ".csv"]]),
        Target("trajectory csv (induced)", generated, "arm_muscles_run.csv", [
            ["analyze", "induced", sample("arm_muscles.hfd"), "--trajectory", "{input}", "--out", out]]),
        Target("storage sto", generated, "arm_muscles_run.sto", [
            ["analyze", "residual", sample("arm_muscles.hfd"), "--trajectory", "{input}", "--out", out + ".csv"],
            ["analyze", "muscles", sample("arm_muscles.hfd"), "--motion", "{input}", "--out", out + ".csv"]]),
    ]
    if not os.path.isdir(corpus):
        return result
    scone = os.path.join(corpus, "scone")
    h0918 = os.path.join(scone, "H0918.hfd")
    result.append(Target("corpus H0918.hfd", scone, "H0918.hfd", [
        ["simulate", "{input}", "--duration", "0.01", "--out", out + ".csv"]]))
    result.append(Target("corpus state", scone, "InitStateGait10.zml", [
        ["simulate", h0918, "--state", "{input}", "--duration", "0.01"],
        ["analyze", "induced", h0918, "--state", "{input}", "--out", out]]))
    result.append(Target("corpus osim", scone, "H0918M_osim4.osim", [["convert", "{input}", "-o", out + ".hfd"]]))
    for f in sorted(os.listdir(scone)):
        if f.startswith("HfdConfig"):
            result.append(Target("corpus config " + f, scone, f, [
                ["simulate", h0918, "--config", "{input}", "--duration", "0.01"]]))
    tutorials = os.path.join(corpus, "scone-tutorials3")
    jump = "Tutorial 2a - High Jump - Hyfydy.scone"
    gait = "Tutorial 4a - Gait - Hyfydy.scone"
    for f in sorted(os.listdir(tutorials)):
        # one of the Lua-scripted tutorials (rejected: no Lua) is enough
        if f.endswith(".scone") and not (" - Script - " in f and not f.startswith("Tutorial 6a")):
            result.append(Target("scenario " + f, tutorials, f, [
                ["scenario", "parameters", "{input}"], ["scenario", "evaluate", "{input}"]]))
    # the parts a scenario includes, read through the scenario that includes them
    for part, scenario in (("controllers/H0918RS2v3.scone", gait), ("measures/MeasureGait10.scone", gait),
                           ("models/H0918v3.hfd", jump), ("init/InitStateJump.zml", jump)):
        result.append(Target("scenario part " + part, tutorials, part, [
            ["scenario", "evaluate", "{mirror}/" + scenario]]))
    result.append(Target("scenario par", tutorials, "par/H0918v3.FC2.Jump.D2.par", [
        ["scenario", "evaluate", "{mirror}/" + jump, "--par", "{input}"]]))
    return result


def sanitizer_environment(suppressions: str):
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = f"exitcode={SANITIZER_EXIT}:detect_leaks=1:abort_on_error=0"
    env["UBSAN_OPTIONS"] = f"exitcode={SANITIZER_EXIT}:halt_on_error=1:print_stacktrace=1"
    env["LSAN_OPTIONS"] = f"exitcode={SANITIZER_EXIT}" + (f":suppressions={suppressions}" if suppressions else "")
    return env


def verdict(returncode, stderr: str):
    if returncode is None:
        return "hang"
    if returncode < 0:
        return f"signal {-returncode}"
    if returncode == SANITIZER_EXIT or any(m in stderr for m in SANITIZER_MARKS):
        return "sanitizer"
    if returncode not in EXPECTED_EXITS:
        return f"exit {returncode}"
    return None


def run_case(args, target_list, work, case):
    rng = random.Random(f"{args.seed}:{case}")
    target = rng.choice(target_list)
    command = rng.choice(target.commands)
    with open(os.path.join(target.folder, target.relative), "rb") as f:
        data = mutate(f.read(), rng)
    mirror_dir = os.path.join(work, "mirror", re.sub(r"\W+", "_", target.name))
    if not os.path.isdir(mirror_dir):
        mirror(target.folder, mirror_dir)
    input_path = os.path.join(mirror_dir, target.relative)
    os.remove(input_path)  # the link to the original; the mutated copy takes its place
    with open(input_path, "wb") as f:
        f.write(data)
    tmp = tempfile.mkdtemp(dir=work)
    argv = [args.hfd] + [a.format(input=input_path, tmp=tmp, mirror=mirror_dir) for a in command]
    try:
        done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=args.timeout,
                              env=sanitizer_environment(args.suppressions), cwd=tmp)
        returncode, output = done.returncode, done.stdout + done.stderr
    except subprocess.TimeoutExpired as timeout:
        returncode, output = None, (timeout.stdout or b"") + (timeout.stderr or b"")
    finally:
        os.remove(input_path)
        os.symlink(os.path.join(target.folder, target.relative), input_path)
        shutil.rmtree(tmp, ignore_errors=True)
    text = output.decode("utf-8", "replace")
    failure = verdict(returncode, text)
    if failure:
        save_failure(args, case, target, argv, input_path, data, text, failure)
    return target.name, returncode, failure


def save_failure(args, case, target, argv, input_path, data, output, failure):
    folder = os.path.join(args.out, "failures", f"case_{case:06d}")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, os.path.basename(target.relative)), "wb") as f:
        f.write(data)
    with open(os.path.join(folder, "report.txt"), "w") as f:
        f.write(f"failure: {failure}\ntarget: {target.name}\nmutated: {target.folder}/{target.relative}\n"
                f"command: {' '.join(argv)}\n(the input was at {input_path}, a mirror of {target.folder})\n\n")
        f.write(output[-20000:])
    with open(os.path.join(folder, "repro.sh"), "w") as f:
        f.write("#!/bin/sh\n# rebuilds the mutated input in its folder and runs the failing command\n"
                f"exec python3 '{os.path.abspath(__file__)}' --hfd '{args.hfd}' --seed {args.seed} "
                f"--case {case} --timeout {args.timeout} --out \"${{1:-/tmp/hfd_fuzz_repro}}\"\n")
    os.chmod(os.path.join(folder, "repro.sh"), 0o755)


def baseline(args, target_list, work):
    """The unmutated inputs: each command should accept its own (the tutorials
    that need Lua are rejected), else its mutations test only the rejection."""
    accepted, total = 0, 0
    for target in target_list:
        path = os.path.join(target.folder, target.relative)
        for command in target.commands:
            tmp = tempfile.mkdtemp(dir=work)
            argv = [args.hfd] + [a.format(input=path, tmp=tmp, mirror=target.folder) for a in command]
            done = subprocess.run(argv, capture_output=True, timeout=args.timeout, cwd=tmp,
                                  env=sanitizer_environment(args.suppressions))
            shutil.rmtree(tmp, ignore_errors=True)
            total += 1
            accepted += done.returncode == 0
            failure = verdict(done.returncode, done.stderr.decode("utf-8", "replace"))
            if failure:
                sys.exit(f"fuzz: the unmutated input fails ({failure}): {' '.join(argv)}\n"
                         + done.stderr.decode("utf-8", "replace")[-4000:])
            if done.returncode:
                print(f"baseline: exit {done.returncode}: {target.name}: {' '.join(command[:2])}")
    print(f"baseline: {accepted} of {total} commands accept their unmutated input")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hfd", required=True, help="the hfd executable (a sanitizer build)")
    parser.add_argument("--minutes", type=float, default=3, help="time budget (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the mutations (default 1)")
    parser.add_argument("--case", type=int, help="run only this case (a replay)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per run before it counts as a hang")
    parser.add_argument("--out", default="fuzz_out", help="folder for the work files and the failures")
    parser.add_argument("--skip-baseline", action="store_true", help="do not run the unmutated inputs first")
    parser.add_argument("--suppressions", default="", help="LeakSanitizer suppression file")
    source_dir = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--corpus", default=os.path.join(source_dir, "..", "shared", "corpus"))
    args = parser.parse_args()
    args.hfd, args.out = os.path.abspath(args.hfd), os.path.abspath(args.out)

    work = os.path.join(args.out, "work")
    shutil.rmtree(work, ignore_errors=True)
    generated = os.path.join(work, "generated")
    make_generated_inputs(args.hfd, os.path.join(source_dir, "samples"), generated)
    target_list = targets(source_dir, os.path.abspath(args.corpus), generated)

    if args.case is None and not args.skip_baseline:
        baseline(args, target_list, work)
    cases = [args.case] if args.case is not None else None
    end = time.monotonic() + 60 * args.minutes
    runs, failures = collections.Counter(), []
    exits = collections.Counter()
    case = 0
    started = time.monotonic()
    while (cases is None and time.monotonic() < end) or (cases is not None and cases):
        index = cases.pop() if cases is not None else case
        name, returncode, failure = run_case(args, target_list, work, index)
        runs[name] += 1
        exits["timeout" if returncode is None else returncode] += 1
        if failure:
            failures.append((index, name, failure))
            print(f"case {index}: {failure} ({name})", flush=True)
        case += 1
    elapsed = time.monotonic() - started
    print(f"fuzz: {sum(runs.values())} runs in {elapsed / 60:.1f} min, seed {args.seed}, "
          f"{len(target_list)} inputs; exit codes {dict(sorted(exits.items(), key=str))}")
    for name, count in sorted(runs.items()):
        print(f"  {count:6d}  {name}")
    print(f"fuzz: {len(failures)} failing case(s)" + (f", saved in {args.out}/failures" if failures else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
