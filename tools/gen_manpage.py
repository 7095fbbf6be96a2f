#!/usr/bin/env python3
"""Writes the gesturekit(1) man page from tools/gesturekit_cli.def (the commands and options, the
same entries the tool prints for --help) and a template holding the prose around them.

The template's placeholders: @VERSION@, @SYNOPSIS@, @COMMANDS@, @OPTIONS@.

Usage: gen_manpage.py DEF TEMPLATE VERSION OUTPUT
"""
import re
import sys


def string_literals(text, at):
    """The macro call's arguments from `at` (just after its '('): each a run of adjacent C string
    literals, joined. Returns (arguments, position after the ')')."""
    args, current, i = [], None, at
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
        elif c == '"':
            j, value = i + 1, []
            while text[j] != '"':
                if text[j] == "\\":
                    escaped = text[j + 1]
                    value.append({"n": "\n", "t": "\t"}.get(escaped, escaped))
                    j += 2
                else:
                    value.append(text[j])
                    j += 1
            current = (current or "") + "".join(value)
            i = j + 1
        elif c == ",":
            if current is None:
                raise ValueError(f"empty argument at offset {i}")
            args.append(current)
            current, i = None, i + 1
        elif c == ")":
            if current is not None:
                args.append(current)
            return args, i + 1
        else:
            raise ValueError(f"unexpected {c!r} at offset {i}: arguments are string literals only")
    raise ValueError("unterminated macro call")


def read_def(path):
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    commands, options = [], []
    for match in re.finditer(r"\bGK_CLI_(COMMAND|OPTION)\(", text):
        args, _ = string_literals(text, match.end())
        if match.group(1) == "COMMAND":
            if len(args) != 3:
                raise ValueError(f"GK_CLI_COMMAND takes 3 arguments, got {args}")
            commands.append(dict(zip(("name", "arguments", "summary"), args)))
        else:
            if len(args) != 4:
                raise ValueError(f"GK_CLI_OPTION takes 4 arguments, got {args}")
            options.append(dict(zip(("flag", "argument", "commands", "text"), args)))
    if not commands or not options:
        raise ValueError(f"{path}: no commands or no options")
    return commands, options


def roff(text):
    """Plain text as roff: backslashes and hyphens escaped, no line starting with a control character."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return text if not text.startswith((".", "'")) else "\\&" + text


def arguments(text):
    """A synopsis's arguments: FILE and the like in italics, option names in bold."""
    out = []
    for word in text.split():
        core = word.strip("[]")
        mark = "B" if core.startswith("-") else "I"
        out.append(word.replace(core, f"\\f{mark}{roff(core)}\\fR") if core else word)
    return " ".join(out)


def main():
    def_path, template_path, version, output = sys.argv[1:5]
    commands, options = read_def(def_path)
    synopsis = []
    for c in commands:
        synopsis.append(f".B gesturekit {roff(c['name'])}")
        if c["arguments"]:
            synopsis.append(arguments(c["arguments"]))
        synopsis.append(".br")
    synopsis.append(".B gesturekit\n\\fB\\-\\-help\\fR | \\fB\\-h\\fR | \\fB\\-\\-version\\fR")
    listed = []
    for c in commands:
        listed.append(f".TP\n.B {roff(c['name'])}")
        listed.append(roff(c["summary"]) + ".")
    described = []
    for o in options:
        head = f"\\fB{roff(o['flag'])}\\fR" + (f" \\fI{roff(o['argument'])}\\fR" if o["argument"] else "")
        readers = "all commands" if o["commands"] == "*" else (
            ", ".join(o["commands"].split()) if o["commands"] else "alone, without a command")
        described.append(f".TP\n{head}\n{roff(o['text'])} (\\fI{roff(readers)}\\fR)")
    page = open(template_path, encoding="utf-8").read()
    for key, value in (("@VERSION@", version), ("@SYNOPSIS@", "\n".join(synopsis)),
                       ("@COMMANDS@", "\n".join(listed)), ("@OPTIONS@", "\n".join(described))):
        if key not in page:
            raise SystemExit(f"{template_path}: no {key}")
        page = page.replace(key, value)
    with open(output, "w", encoding="utf-8") as f:
        f.write(page)


if __name__ == "__main__":
    main()
