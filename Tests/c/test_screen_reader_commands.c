/* The screen reader's 0.6.0 commands through the C ABI (docs/ACCESSIBILITY.md): magic tap, read
 * all, position, first and last, the triple tap, the host moving the focus, announcements and
 * their priority, modal views, groups, the swipe accommodation and the audit's 4.1.2 findings. */
#include "support.h"

#include <string.h>

/* Fingers `first`..`first + n - 1` land 40 pt apart from (x, y), move (dx, dy) and lift `lift` s later. */
static void fingers(struct scene *s, int n, double t, double x, double y, double dx, double dy, double lift, int64_t first) {
    gk_touch f[5];
    for (int k = 0; k < n; k++) f[k] = (gk_touch){.id = first + k, .phase = GK_TOUCH_BEGAN, .type = GK_TOUCH_TYPE_DIRECT, .x = x + 40 * k, .y = y};
    assert_int_equal(gk_engine_feed(s->engine, t, f, (size_t)n), GK_OK);
    for (int k = 0; k < n; k++) { f[k].phase = GK_TOUCH_ENDED; f[k].x += dx; f[k].y += dy; }
    assert_int_equal(gk_engine_feed(s->engine, t + lift, f, (size_t)n), GK_OK);
    scene_drain(s);
}

/* The next event's kind and view (99 when there is none). */
static uint32_t next(struct scene *s, gk_view *view) {
    gk_accessibility_event e;
    if (gk_engine_poll_accessibility_event(s->engine, &e, sizeof e) != GK_OK) return 99;
    if (view) *view = e.view;
    return e.kind;
}

struct machine {
    struct scene s;
    gk_view ticket, trip, adult, child, single, ret;
};

/* Two panels, "Ticket" (Adult, Child) and "Trip" (Single, Return), each button order 1, 2 inside
 * its panel; the panels are groups when `grouped`. */
static void machine_init(struct machine *m, bool grouped) {
    scene_init(&m->s);
    gk_engine *e = m->s.engine;
    gk_rect left = {0, 300, 200, 300}, right = {200, 300, 200, 300}, top = {20, 20, 160, 100}, bottom = {20, 140, 160, 100};
    assert_int_equal(gk_view_create(e, m->s.root, &left, &m->ticket), GK_OK);
    assert_int_equal(gk_view_create(e, m->s.root, &right, &m->trip), GK_OK);
    assert_int_equal(gk_view_create(e, m->ticket, &top, &m->adult), GK_OK);
    assert_int_equal(gk_view_create(e, m->ticket, &bottom, &m->child), GK_OK);
    assert_int_equal(gk_view_create(e, m->trip, &top, &m->single), GK_OK);
    assert_int_equal(gk_view_create(e, m->trip, &bottom, &m->ret), GK_OK);
    assert_int_equal(gk_view_set_accessibility(e, m->ticket, NULL, 0, false, 1), GK_OK);
    assert_int_equal(gk_view_set_accessibility(e, m->trip, NULL, 0, false, 2), GK_OK);
    assert_int_equal(gk_view_set_accessibility(e, m->adult, "Adult", 5, true, 1), GK_OK);
    assert_int_equal(gk_view_set_accessibility(e, m->child, "Child", 5, true, 2), GK_OK);
    assert_int_equal(gk_view_set_accessibility(e, m->single, "Single", 6, true, 1), GK_OK);
    assert_int_equal(gk_view_set_accessibility(e, m->ret, "Return", 6, true, 2), GK_OK);
    if (grouped) {
        assert_int_equal(gk_view_set_accessibility_traits(e, m->ticket, GK_ACCESSIBILITY_TRAIT_GROUP), GK_OK);
        assert_int_equal(gk_view_set_accessibility_traits(e, m->trip, GK_ACCESSIBILITY_TRAIT_GROUP), GK_OK);
    }
    assert_int_equal(gk_engine_set_screen_reader(e, true), GK_OK);
}

static void test_groups_read_panel_by_panel_and_the_host_walks_the_order(void **state) {
    (void)state;
    for (int grouped = 0; grouped <= 1; grouped++) {
        struct machine m;
        machine_init(&m, grouped);
        gk_view want[2][4] = {{m.adult, m.single, m.child, m.ret}, {m.adult, m.child, m.single, m.ret}};
        for (int k = 0; k < 4; k++) {
            gk_view v = 0;
            assert_int_equal(gk_engine_move_accessibility_focus(m.s.engine, GK_FOCUS_NEXT), GK_OK);
            assert_int_equal(next(&m.s, &v), GK_ACCESSIBILITY_FOCUS_CHANGED);
            assert_true(v == want[grouped][k]);
        }
        assert_int_equal(gk_engine_move_accessibility_focus(m.s.engine, GK_FOCUS_NEXT), GK_OK);
        assert_int_equal(next(&m.s, NULL), GK_ACCESSIBILITY_BOUNDARY);
        gk_view v = 0;
        assert_int_equal(gk_engine_move_accessibility_focus(m.s.engine, GK_FOCUS_FIRST), GK_OK);
        assert_int_equal(next(&m.s, &v), GK_ACCESSIBILITY_FOCUS_CHANGED);
        assert_true(v == m.adult);
        assert_int_equal(gk_engine_move_accessibility_focus(m.s.engine, 4), GK_ERR_INVALID_ARGUMENT);
        assert_int_equal(gk_engine_move_accessibility_focus(NULL, GK_FOCUS_NEXT), GK_ERR_NULL_POINTER);
        scene_free(&m.s);
    }
}

/* A two-finger double tap is the magic tap (no pause); a two-finger swipe down reads all from the
 * focus; a three-finger tap asks for the position; a four-finger tap near the bottom goes to the
 * last element. No button sees a touch. */
static void test_magic_tap_read_all_position_and_last(void **state) {
    (void)state;
    struct machine m;
    machine_init(&m, true);
    gk_view v = 0;
    assert_int_equal(gk_engine_set_accessibility_focus(m.s.engine, m.child), GK_OK);
    assert_int_equal(next(&m.s, &v), GK_ACCESSIBILITY_FOCUS_CHANGED);
    assert_true(v == m.child);
    fingers(&m.s, 2, 1, 100, 100, 0, 0, 0.1, 10);
    fingers(&m.s, 2, 1.3, 101, 101, 0, 0, 0.1, 20);
    scene_advance(&m.s, 3);
    assert_int_equal(next(&m.s, &v), GK_ACCESSIBILITY_MAGIC_TAP);
    assert_true(v == m.child);
    assert_int_equal(next(&m.s, NULL), 99);
    fingers(&m.s, 2, 4, 100, 100, 0, 120, 0.2, 10);
    assert_int_equal(next(&m.s, &v), GK_ACCESSIBILITY_READ_ALL);
    assert_true(v == m.child);
    fingers(&m.s, 3, 5, 100, 100, 0, 0, 0.1, 10);
    assert_int_equal(next(&m.s, &v), GK_ACCESSIBILITY_POSITION);
    assert_true(v == m.child);
    fingers(&m.s, 4, 6, 50, 700, 0, 0, 0.1, 10);
    assert_int_equal(next(&m.s, &v), GK_ACCESSIBILITY_FOCUS_CHANGED);
    assert_true(v == m.ret);
    assert_int_equal((int)strlen(m.s.log), 0);
    scene_free(&m.s);
}

/* The host moves the focus (said even where it was), announces among the reader's events, and an
 * urgent announcement outlives a burst of focus changes the host did not drain. */
static void test_the_host_moves_the_focus_and_announces_in_order(void **state) {
    (void)state;
    struct machine m;
    machine_init(&m, true);
    gk_engine *e = m.s.engine;
    assert_int_equal(gk_engine_set_accessibility_focus(e, m.adult), GK_OK);
    assert_int_equal(gk_engine_set_accessibility_focus(e, m.adult), GK_OK);
    assert_int_equal(gk_engine_announce(e, 7, GK_ANNOUNCE_POLITE), GK_OK);
    assert_int_equal(gk_engine_move_accessibility_focus(e, GK_FOCUS_NEXT), GK_OK);
    assert_int_equal(next(&m.s, NULL), GK_ACCESSIBILITY_FOCUS_CHANGED);
    assert_int_equal(next(&m.s, NULL), GK_ACCESSIBILITY_FOCUS_CHANGED);
    gk_accessibility_event a;
    assert_int_equal(gk_engine_poll_accessibility_event(e, &a, sizeof a), GK_OK);
    assert_true(a.kind == GK_ACCESSIBILITY_ANNOUNCEMENT && a.message == 7 && a.priority == GK_ANNOUNCE_POLITE);
    assert_int_equal(next(&m.s, NULL), GK_ACCESSIBILITY_FOCUS_CHANGED);
    /* Bad arguments. */
    assert_int_equal(gk_engine_set_accessibility_focus(e, m.ticket), GK_ERR_INVALID_ARGUMENT);   /* no element */
    assert_int_equal(gk_engine_set_accessibility_focus(e, 123456), GK_ERR_STALE_HANDLE);
    assert_int_equal(gk_engine_set_accessibility_focus(NULL, m.adult), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_engine_announce(e, 1, 2), GK_ERR_INVALID_ARGUMENT);
    assert_int_equal(gk_engine_announce(NULL, 1, 0), GK_ERR_NULL_POINTER);
    /* "Card declined" (urgent), then 400 focus changes nobody drains: it stays. */
    assert_int_equal(gk_engine_announce(e, 42, GK_ANNOUNCE_URGENT), GK_OK);
    for (int k = 0; k < 200; k++) {
        assert_int_equal(gk_engine_move_accessibility_focus(e, GK_FOCUS_NEXT), GK_OK);
        assert_int_equal(gk_engine_move_accessibility_focus(e, GK_FOCUS_PREVIOUS), GK_OK);
    }
    assert_int_equal(gk_engine_poll_accessibility_event(e, &a, sizeof a), GK_OK);
    assert_true(a.kind == GK_ACCESSIBILITY_ANNOUNCEMENT && a.message == 42 && a.priority == GK_ANNOUNCE_URGENT);
    assert_int_equal(a.dropped_before, 145);
    /* Off: the host's focus requests are ignored. */
    while (next(&m.s, NULL) != 99) {}
    assert_int_equal(gk_engine_set_screen_reader(e, false), GK_OK);
    assert_int_equal(gk_engine_set_accessibility_focus(e, m.adult), GK_OK);
    assert_int_equal(next(&m.s, NULL), 99);
    scene_free(&m.s);
}

static void test_an_announcement_is_not_cut_by_the_reader_and_an_urgent_one_not_by_another(void **state) {
    (void)state;
    gk_accessibility_event focus = {.kind = GK_ACCESSIBILITY_FOCUS_CHANGED};
    gk_accessibility_event polite = {.kind = GK_ACCESSIBILITY_ANNOUNCEMENT, .priority = GK_ANNOUNCE_POLITE};
    gk_accessibility_event urgent = {.kind = GK_ACCESSIBILITY_ANNOUNCEMENT, .priority = GK_ANNOUNCE_URGENT};
    bool cut = false;
    assert_int_equal(gk_accessibility_event_interrupts(&focus, &focus, sizeof focus, &cut), GK_OK);
    assert_true(cut);
    assert_int_equal(gk_accessibility_event_interrupts(&polite, &focus, sizeof focus, &cut), GK_OK);
    assert_false(cut);   /* the flick's label waits for the announcement */
    assert_int_equal(gk_accessibility_event_interrupts(&focus, &polite, sizeof focus, &cut), GK_OK);
    assert_false(cut);
    assert_int_equal(gk_accessibility_event_interrupts(&polite, &urgent, sizeof focus, &cut), GK_OK);
    assert_true(cut);
    assert_int_equal(gk_accessibility_event_interrupts(&urgent, &urgent, sizeof focus, &cut), GK_OK);
    assert_false(cut);
    assert_int_equal(gk_accessibility_event_interrupts(&focus, &focus, 40, &cut), GK_ERR_STRUCT_SIZE);   /* 0.5's layout */
    assert_int_equal(gk_accessibility_event_interrupts(NULL, &focus, sizeof focus, &cut), GK_ERR_NULL_POINTER);
    assert_int_equal(gk_accessibility_event_interrupts(&focus, &focus, sizeof focus, NULL), GK_ERR_NULL_POINTER);
}

/* A modal dialog: the focus outside it is dropped, flicks and the host stay inside it; hidden, the
 * screen is reachable again. */
static void test_a_modal_view_confines_the_reader(void **state) {
    (void)state;
    struct machine m;
    machine_init(&m, true);
    gk_engine *e = m.s.engine;
    assert_int_equal(gk_engine_set_accessibility_focus(e, m.adult), GK_OK);
    while (next(&m.s, NULL) != 99) {}
    gk_view dialog, cancel, confirm, focus = 0;
    gk_rect d = {50, 50, 300, 200}, b1 = {20, 100, 120, 80}, b2 = {160, 100, 120, 80};
    assert_int_equal(gk_view_create(e, m.s.root, &d, &dialog), GK_OK);
    assert_int_equal(gk_view_create(e, dialog, &b1, &cancel), GK_OK);
    assert_int_equal(gk_view_create(e, dialog, &b2, &confirm), GK_OK);
    assert_int_equal(gk_view_set_accessibility(e, cancel, "Cancel", 6, true, 0), GK_OK);
    assert_int_equal(gk_view_set_accessibility(e, confirm, "Confirm", 7, true, 1), GK_OK);
    assert_int_equal(gk_view_set_accessibility_traits(e, dialog, GK_ACCESSIBILITY_TRAIT_MODAL), GK_OK);
    uint32_t traits = 0;
    assert_int_equal(gk_view_get_accessibility_traits(e, dialog, &traits), GK_OK);
    assert_int_equal(traits, GK_ACCESSIBILITY_TRAIT_MODAL);
    assert_int_equal(gk_engine_get_accessibility_focus(e, &focus), GK_OK);
    assert_true(focus == GK_VIEW_NONE);
    assert_int_equal(gk_engine_set_accessibility_focus(e, m.ret), GK_ERR_INVALID_ARGUMENT);
    gk_view v = 0;
    assert_int_equal(gk_engine_move_accessibility_focus(e, GK_FOCUS_LAST), GK_OK);
    assert_int_equal(next(&m.s, &v), GK_ACCESSIBILITY_FOCUS_CHANGED);
    assert_true(v == confirm);
    assert_int_equal(gk_engine_move_accessibility_focus(e, GK_FOCUS_NEXT), GK_OK);
    assert_int_equal(next(&m.s, NULL), GK_ACCESSIBILITY_BOUNDARY);
    assert_int_equal(gk_view_set_flag(e, dialog, GK_VIEW_HIDDEN, true), GK_OK);
    assert_int_equal(gk_engine_set_accessibility_focus(e, m.ret), GK_OK);
    assert_int_equal(gk_view_set_accessibility_traits(e, dialog, 16), GK_ERR_INVALID_ARGUMENT);
    scene_free(&m.s);
}

/* A map that zooms on a double tap: a triple tap gives it its double tap. */
static void test_a_triple_tap_gives_a_double_tap_only_control_its_double_tap(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer zoom = scene_add(&s, GK_KIND_TAP, s.v, "zoom");
    assert_int_equal(gk_recognizer_set_int(s.engine, zoom, GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, 2), GK_OK);
    assert_int_equal(gk_view_set_accessibility(s.engine, s.v, "Map", 3, true, 0), GK_OK);
    assert_int_equal(gk_engine_set_screen_reader(s.engine, true), GK_OK);
    assert_int_equal(gk_engine_set_accessibility_focus(s.engine, s.v), GK_OK);
    assert_int_equal(next(&s, NULL), GK_ACCESSIBILITY_FOCUS_CHANGED);
    for (int k = 0; k < 3; k++) {
        scene_touch(&s, 1 + 0.2 * k, 1 + k, GK_TOUCH_BEGAN, 200, 600);
        scene_touch(&s, 1.05 + 0.2 * k, 1 + k, GK_TOUCH_ENDED, 200, 600);
    }
    assert_int_equal(next(&s, NULL), GK_ACCESSIBILITY_ACTIVATE_TWICE);
    assert_non_null(strstr(s.log, "1.450 zoom ended"));
    scene_free(&s);
}

/* gk_touch_accommodations.swipe_distance: a quick swipe under a hold duration reaches the swipe
 * recognizer; a caller with the 0.2.0 struct is still accepted (and the field stays off). */
static void test_the_swipe_distance_lets_a_swipe_through_a_hold_duration(void **state) {
    (void)state;
    for (int on = 0; on <= 1; on++) {
        struct scene s;
        scene_init(&s);
        scene_add(&s, GK_KIND_SWIPE, s.v, "swipe");
        gk_touch_accommodations a;
        assert_int_equal(gk_touch_accommodations_init(&a), GK_OK);
        assert_true(a.swipe_distance == 0);
        a.hold_duration = 0.5;
        a.swipe_distance = on ? 20 : 0;
        assert_int_equal(gk_engine_set_touch_accommodations(s.engine, &a), GK_OK);
        scene_touch(&s, 0, 1, GK_TOUCH_BEGAN, 150, 200);
        for (int k = 1; k <= 5; k++) scene_touch(&s, 0.02 * k, 1, GK_TOUCH_MOVED, 150 + 24 * k, 200);
        scene_touch(&s, 0.12, 1, GK_TOUCH_ENDED, 270, 200);
        scene_advance(&s, 1);
        assert_true((strstr(s.log, "swipe ended") != NULL) == (bool)on);
        a.swipe_distance = 2;
        assert_int_equal(gk_engine_set_touch_accommodations(s.engine, &a), GK_ERR_INVALID_ARGUMENT);
        a.swipe_distance = 30;
        a.size = offsetof(gk_touch_accommodations, swipe_distance);   /* a 0.2.0 caller */
        assert_int_equal(gk_engine_set_touch_accommodations(s.engine, &a), GK_OK);
        gk_touch_accommodations back;
        assert_int_equal(gk_engine_get_touch_accommodations(s.engine, &back, sizeof back), GK_OK);
        assert_true(back.swipe_distance == 0 && back.hold_duration == 0.5);
        a.size = offsetof(gk_touch_accommodations, swipe_distance) - 1;
        assert_int_equal(gk_engine_set_touch_accommodations(s.engine, &a), GK_ERR_STRUCT_SIZE);
        scene_free(&s);
    }
}

/* Once the app uses the screen reader, the audit reports a tap on a view that is no element
 * (WCAG 4.1.2) and an element with no label, with their texts. */
static void test_the_audit_reports_unreachable_targets_and_empty_labels(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer tap = scene_add(&s, GK_KIND_TAP, s.v, "tap");
    size_t n = 9;
    assert_int_equal(gk_engine_audit(s.engine, NULL, 0, sizeof(gk_audit_finding), &n), GK_OK);
    assert_int_equal(n, 0);   /* no accessibility in use: nothing to say */
    gk_view label;
    gk_rect r = {0, 0, 50, 50};
    assert_int_equal(gk_view_create(s.engine, s.root, &r, &label), GK_OK);
    assert_int_equal(gk_view_set_accessibility(s.engine, label, NULL, 0, true, 0), GK_OK);
    gk_audit_finding f[4];
    assert_int_equal(gk_engine_audit(s.engine, f, 4, sizeof f[0], &n), GK_OK);
    assert_int_equal(n, 2);
    assert_true(f[0].view == s.v && f[0].recognizer == tap && f[0].rule == GK_AUDIT_NOT_AN_ELEMENT &&
                f[0].suggestion == GK_AUDIT_MARK_ELEMENT);
    assert_true(f[1].view == label && f[1].recognizer == GK_RECOGNIZER_NONE && f[1].rule == GK_AUDIT_EMPTY_LABEL &&
                f[1].suggestion == GK_AUDIT_ADD_LABEL);
    assert_string_equal(gk_audit_rule_string(GK_AUDIT_EMPTY_LABEL), "empty accessibility label (WCAG 4.1.2)");
    assert_non_null(strstr(gk_audit_suggestion_string(GK_AUDIT_MARK_ELEMENT), "accessibility element"));
    assert_string_equal(gk_audit_rule_string(8), "unknown");
    scene_free(&s);
}

/* A target that sees the card declined announces it from its callback, where other setters are
 * GK_ERR_BUSY; the announcement follows the activation that caused it. */
static void announce_declined(gk_engine *engine, const gk_action *action, void *user_data) {
    (void)action;
    gk_status *seen = user_data;
    seen[0] = gk_engine_announce(engine, 42, GK_ANNOUNCE_URGENT);
    seen[1] = gk_engine_set_timing_scale(engine, 2);   /* an ordinary setter: still busy here */
}

static void test_a_target_announces_from_its_callback(void **state) {
    (void)state;
    struct scene s;
    scene_init(&s);
    gk_recognizer pay = scene_add(&s, GK_KIND_TAP, s.v, "pay");
    gk_status seen[2] = {99, 99};
    assert_int_equal(gk_recognizer_add_target(s.engine, pay, announce_declined, seen), GK_OK);
    assert_int_equal(gk_view_set_accessibility(s.engine, s.v, "Pay", 3, true, 0), GK_OK);
    assert_int_equal(gk_engine_set_screen_reader(s.engine, true), GK_OK);
    assert_int_equal(gk_engine_set_accessibility_focus(s.engine, s.v), GK_OK);
    scene_touch(&s, 1, 1, GK_TOUCH_BEGAN, 200, 600);
    scene_touch(&s, 1.05, 1, GK_TOUCH_ENDED, 200, 600);
    scene_touch(&s, 1.2, 2, GK_TOUCH_BEGAN, 201, 600);
    scene_touch(&s, 1.25, 2, GK_TOUCH_ENDED, 201, 600);
    assert_int_equal(seen[0], GK_OK);
    assert_int_equal(seen[1], GK_ERR_BUSY);
    assert_int_equal(next(&s, NULL), GK_ACCESSIBILITY_FOCUS_CHANGED);
    assert_int_equal(next(&s, NULL), GK_ACCESSIBILITY_ACTIVATE);
    gk_accessibility_event e;
    assert_int_equal(gk_engine_poll_accessibility_event(s.engine, &e, sizeof e), GK_OK);
    assert_true(e.kind == GK_ACCESSIBILITY_ANNOUNCEMENT && e.message == 42 && e.timestamp == 1.25);
    scene_free(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_groups_read_panel_by_panel_and_the_host_walks_the_order),
        cmocka_unit_test(test_magic_tap_read_all_position_and_last),
        cmocka_unit_test(test_the_host_moves_the_focus_and_announces_in_order),
        cmocka_unit_test(test_an_announcement_is_not_cut_by_the_reader_and_an_urgent_one_not_by_another),
        cmocka_unit_test(test_a_modal_view_confines_the_reader),
        cmocka_unit_test(test_a_triple_tap_gives_a_double_tap_only_control_its_double_tap),
        cmocka_unit_test(test_the_swipe_distance_lets_a_swipe_through_a_hold_duration),
        cmocka_unit_test(test_the_audit_reports_unreachable_targets_and_empty_labels),
        cmocka_unit_test(test_a_target_announces_from_its_callback),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
