// The C++ wrapper (bindings/cpp/gesturekit.hpp): RAII, std::function targets, exceptions.
#include <gesturekit.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace gk = gesturekit;

static int failures = 0;
#define EXPECT(cond)                                                                  \
    do {                                                                              \
        if (!(cond)) {                                                                \
            std::fprintf(stderr, "%s:%d: expectation failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                               \
        }                                                                             \
    } while (0)

static void the_single_tap_waits_for_the_double_tap_to_fail() {
    gk::engine engine(400, 800);
    gk::view v = engine.root().add_view({100, 100, 200, 200});
    gk::recognizer single(engine, GK_KIND_TAP, v), dbl(engine, GK_KIND_TAP, v);
    dbl.set(GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, 2);
    single.require_to_fail(dbl);
    std::vector<std::string> fired;
    single.add_target([&](const gk_action &a) { fired.push_back("single@" + std::to_string(a.timestamp).substr(0, 4)); });
    dbl.add_target([&](const gk_action &) { fired.push_back("double"); });
    engine.feed(0, {gk::touch(1, GK_TOUCH_BEGAN, 150, 150)});
    engine.feed(0.08, {gk::touch(1, GK_TOUCH_ENDED, 150, 150)});
    EXPECT(engine.next_deadline().has_value());
    engine.advance(*engine.next_deadline());
    EXPECT(fired.size() == 1 && fired[0] == "single@0.43");
    EXPECT(engine.actions().size() == 1);
    EXPECT(!engine.deliveries().empty());
    EXPECT(!engine.next_deadline().has_value());
}

static void errors_are_exceptions_with_the_status() {
    gk::engine engine(400, 800);
    gk::recognizer pan(engine, GK_KIND_PAN, engine.root());
    try {
        pan.set(GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, 2);
        EXPECT(false);
    } catch (const gk::error &e) {
        EXPECT(e.status() == GK_ERR_WRONG_KIND);
        EXPECT(std::string(e.what()).find("wrong recognizer kind") != std::string::npos);
    }
    engine.feed(1, {});
    try {
        engine.advance(0.5);
        EXPECT(false);
    } catch (const gk::error &e) {
        EXPECT(e.status() == GK_ERR_TIME_BACKWARDS);
    }
    EXPECT(pan.get_double(GK_PROP_PAN_HYSTERESIS) == 10);
}

static void an_exception_in_a_target_surfaces_after_the_call() {
    gk::engine engine(400, 800);
    gk::recognizer tap(engine, GK_KIND_TAP, engine.root());
    tap.add_target([](const gk_action &) { throw std::runtime_error("bug in a handler"); });
    engine.feed(0, {gk::touch(1, GK_TOUCH_BEGAN, 10, 10)});
    bool thrown = false;
    try {
        engine.feed(0.05, {gk::touch(1, GK_TOUCH_ENDED, 10, 10)});
    } catch (const std::runtime_error &e) {
        thrown = std::string(e.what()) == "bug in a handler";
    }
    EXPECT(thrown);
    engine.feed(1, {gk::touch(2, GK_TOUCH_BEGAN, 10, 10)});   // the engine is fine
    EXPECT(tap.state() == GK_STATE_POSSIBLE);
}

static void owners_release_what_they_own() {
    gk::engine engine(400, 800);
    {
        gk::recognizer scoped(engine, GK_KIND_SWIPE, engine.root());
        gk_engine_stats st;
        gk_engine_get_stats(engine.get(), &st, sizeof st);
        EXPECT(st.recognizers == 1);
    }
    gk_engine_stats st;
    gk_engine_get_stats(engine.get(), &st, sizeof st);
    EXPECT(st.recognizers == 0);
    gk::engine moved = std::move(engine);
    EXPECT(engine.get() == nullptr && moved.get() != nullptr);
}

// The screen reader from C++: a modal dialog confines the host's moves, an announcement comes in
// order with its message, and an urgent one is not cut by a focus change.
static void the_screen_reader_is_reachable_from_cpp() {
    gk::engine engine(400, 800);
    gk::view pay = engine.root().add_view({20, 600, 160, 100});
    pay.set_accessibility("Pay");
    gk::view dialog = engine.root().add_view({50, 50, 300, 200});
    gk::view confirm = dialog.add_view({20, 100, 120, 80});
    confirm.set_accessibility("Confirm");
    engine.set_screen_reader(true);
    engine.set_accessibility_focus(pay);
    dialog.set_traits(GK_ACCESSIBILITY_TRAIT_MODAL);
    EXPECT(dialog.traits() == GK_ACCESSIBILITY_TRAIT_MODAL);
    EXPECT(!engine.accessibility_focus());                      // Pay is outside the dialog
    engine.announce(7, GK_ANNOUNCE_URGENT);
    engine.move_accessibility_focus(GK_FOCUS_FIRST);
    auto events = engine.accessibility_events();
    EXPECT(events.size() == 3);
    if (events.size() == 3) {
        EXPECT(events[0].kind == GK_ACCESSIBILITY_FOCUS_CHANGED && events[0].view == pay.handle());
        EXPECT(events[1].kind == GK_ACCESSIBILITY_ANNOUNCEMENT && events[1].message == 7);
        EXPECT(events[2].kind == GK_ACCESSIBILITY_FOCUS_CHANGED && events[2].view == confirm.handle());
        EXPECT(!gk::engine::interrupts(events[1], events[2]) && gk::engine::interrupts(events[0], events[1]));
    }
    bool refused = false;
    try {
        engine.set_accessibility_focus(pay);
    } catch (const gk::error &e) {
        refused = e.status() == GK_ERR_INVALID_ARGUMENT;
    }
    EXPECT(refused);
    engine.set_accessibility_focus(std::nullopt);
    EXPECT(!engine.accessibility_focus());
}

int main() {
    the_single_tap_waits_for_the_double_tap_to_fail();
    errors_are_exceptions_with_the_status();
    an_exception_in_a_target_surfaces_after_the_call();
    owners_release_what_they_own();
    the_screen_reader_is_reachable_from_cpp();
    std::printf("C++ wrapper: %s\n", failures ? "FAILED" : "OK");
    return failures ? 1 : 0;
}
