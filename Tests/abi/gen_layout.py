#!/usr/bin/env python3
"""Writes a C program that prints the size and alignment of every public struct of gesturekit.h and
the offset of each of its members, one line each ("gk_touch.x 16"). The ABI test compares its output,
run on the target, with the table of that architecture (layout-<arch>.txt).

The program prints the table; given the expected table's path, it compares the two instead and
exits 1 on any difference, naming the first.

Usage: gen_layout.py HEADER > layout.c
"""
import re
import sys


def members(body):
    body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
    out = []
    for decl in body.split(";"):
        decl = " ".join(decl.split())
        if not decl:
            continue
        m = re.search(r"\(\s*\*\s*(\w+)\s*\)", decl)   # function pointer
        if m:
            out.append(m.group(1))
            continue
        decl = re.sub(r"\[[^]]*\]", "", decl)
        words = decl.split(",")
        first = words[0].split()
        out.append(first[-1].lstrip("*"))
        out.extend(w.strip().lstrip("*") for w in words[1:])
    return out


def main():
    text = open(sys.argv[1]).read()
    print('#ifndef _GNU_SOURCE\n#define _GNU_SOURCE\n#endif\n#include <gesturekit.h>\n#include <stdalign.h>\n#include <stddef.h>\n#include <stdio.h>\n'
          '#include <stdlib.h>\n#include <string.h>\n\nint main(int argc, char **argv) {\n'
          '    char *text = NULL;\n    size_t len = 0;\n    FILE *out = argc > 1 ? open_memstream(&text, &len) : stdout;\n'
          '    if (!out) return 2;')
    for name, body in re.findall(r"typedef struct (gk_\w+) \{(.*?)\} \1;", text, flags=re.S):
        print(f'    fprintf(out, "{name} size %zu align %zu\\n", sizeof({name}), alignof({name}));')
        for m in members(body):
            print(f'    fprintf(out, "{name}.{m} %zu\\n", offsetof({name}, {m}));')
    for enum in re.findall(r"typedef enum (gk_\w+) \{", text):
        print(f'    fprintf(out, "{enum} size %zu\\n", sizeof({enum}));')
    print('    fprintf(out, "bool size %zu\\n", sizeof(bool));\n    fprintf(out, "gk_view size %zu\\n", sizeof(gk_view));')
    print(r'''    if (argc < 2) return 0;
    fclose(out);
    FILE *f = fopen(argv[1], "r");
    if (!f) { fprintf(stderr, "layout: cannot read %s\n", argv[1]); return 2; }
    char line[256];
    const char *p = text;
    int n = 0, bad = 0;
    while (fgets(line, sizeof line, f)) {
        n++;
        size_t k = strcspn(p, "\n");
        if (strlen(line) != k + 1 || strncmp(line, p, k) != 0) {
            fprintf(stderr, "layout: line %d: the table says %s  this build has %.*s\n", n, line, (int)k, p);
            bad = 1;
            break;
        }
        p += k + (p[k] ? 1 : 0);
    }
    if (!bad && *p) { fprintf(stderr, "layout: this build has more lines than %s: %s\n", argv[1], p); bad = 1; }
    fclose(f);
    free(text);
    if (!bad) printf("layout: %d lines match %s\n", n, argv[1]);
    return bad;
}''')


if __name__ == "__main__":
    main()
