// What gesturekit.js says about a name it does not know: the closest known one, if any is close.

/** The name of `names` closest to `name` (edit distance, case ignored), or null when none is close. */
export function closest(name, names) {
  const distance = (a, b) => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++) {
        next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1));
      }
      row = next;
    }
    return row[b.length];
  };
  let best = null, bestDistance = Infinity;
  for (const n of names) {
    const d = distance(name, n);
    if (d < bestDistance) [best, bestDistance] = [n, d];
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(name.length / 4)) ? best : null;
}

/** "`owner` has no `what` "name"; did you mean "x"? Its ...: a, b, c". */
export function unknownName(owner, what, name, names) {
  const best = closest(name, names);
  return `${owner} has no ${what} "${name}"${best ? `; did you mean "${best}"?` : ""} Its ${what === "property" ? "properties" : what + "s"}: ${names.join(", ")}`;
}

/** Throws a TypeError for the first key of `object` not in `names`. */
export function refuseUnknown(owner, object, names) {
  for (const key of Object.keys(object)) {
    if (!names.includes(key)) throw new TypeError(unknownName(owner, "option", key, names));
  }
}
