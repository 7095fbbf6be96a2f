// A page's script in TypeScript against the web module's declarations (bindings/web/gesturekit.d.ts):
// `tsc --noEmit --strict` must accept it, so that the declarations cover what a page uses. It is
// type-checked only, never run (module_test.mjs runs the same calls).
import {
  load, Kind, State, Phase, Status, GestureKitError, stateName, phaseName, propertyNames,
  type Action, type AccessibilityEvent, type Engine, type Recognizer, type View,
} from "../../bindings/web/gesturekit.js";

async function kiosk(element: HTMLElement): Promise<() => void> {
  const gk = await load();
  const engine: Engine = gk.engine({ width: 800, height: 480 });
  const map: View = engine.root.addView([0, 0, 800, 400], { multipleTouch: true });
  const buy: View = engine.root.addView([600, 410, 190, 60]);
  const single: Recognizer = engine.tap(map);
  const double = engine.tap(map, { numberOfTapsRequired: 2 });
  single.requireToFail(double);
  const pinch = engine.pinch(map);
  pinch.addTarget((a: Action) => {
    if (a.state === State.CHANGED) console.log(`zoom ${a.scale.toFixed(2)}`);
  });
  double.numberOfTapsRequired = 2;
  const taps: number = double.numberOfTapsRequired;
  console.log(taps, stateName(State.ENDED), phaseName(Phase.MOVED), propertyNames(Kind.TAP).join(", "));

  // The screen reader, for a blind customer.
  buy.setAccessibility("Buy ticket", { order: 2 });
  map.setAccessibility("Map", { order: 1 });
  map.group = false;
  engine.screenReader = true;
  engine.accessibilityFocus = buy;
  engine.announce("Card declined", { priority: "urgent" });
  engine.moveAccessibilityFocus("first");
  let speaking: AccessibilityEvent | null = null;
  for (const e of engine.accessibilityEvents()) {
    if (speaking === null || engine.interrupts(speaking, e)) speaking = e;
    console.log(e.kind, e.kind === "announcement" ? e.message : e.label, e.view?.handle);
  }

  // A noisy panel, its filters, the audit and a drawn shape.
  engine.setPanelProfile({ widthMm: 217, noise: 1.5 });
  engine.setInputFilters({ ghosts: true, jitter: "oneEuro" });
  for (const f of engine.audit()) console.log(f.rule, f.criterion, f.view?.handle, f.suggestion);
  const shapes = engine.stroke(map);
  shapes.addTemplate("hook", [[0, 0], [0, 100], { x: 50, y: 150 }]);
  const best = shapes.match([[0, 0], [0, 90], [40, 140]]);
  console.log(best.name ?? "none", best.score.toFixed(2), shapes.templateNames().length);

  try {
    engine.feed(1, [{ id: 1, phase: Phase.BEGAN, x: 10, y: 10 }]);
  } catch (e) {
    if (e instanceof GestureKitError && e.status === Status.TIME_BACKWARDS) console.log("late frame");
  }
  const next: number | null = engine.nextDeadline();
  if (next !== null) engine.advance(next);
  return engine.attach(element, { onAction: (a) => console.log(a.kind, a.location.x) });
}

export { kiosk };
