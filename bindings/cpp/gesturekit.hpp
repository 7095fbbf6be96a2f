// gesturekit.hpp: a header-only C++17 wrapper over the C API of libgesturekit (gesturekit.h).
//
// RAII owners for the engine and the recognizers, views as light handles, std::function targets,
// and errors as exceptions (gesturekit::error carries the gk_status). An exception thrown by a
// target is caught at the C boundary (it must not unwind through the library) and rethrown by
// the engine call that ran the target, once that call has returned.
//
// Thread rules are the C API's: an engine and everything made from it belong to one thread.
#ifndef GESTUREKIT_HPP
#define GESTUREKIT_HPP

#include <gesturekit.h>

#include <cmath>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace gesturekit {

/// A failed call: what() names the call and the status.
class error : public std::runtime_error {
public:
    error(gk_status status, const std::string &call)
        : std::runtime_error(call + ": " + gk_status_string(status)), status_(status) {}
    gk_status status() const noexcept { return status_; }

private:
    gk_status status_;
};

inline void check(gk_status status, const char *call) {
    if (status != GK_OK) throw error(status, call);
}

class engine;

/// A view: a handle into its engine (which owns it). Copyable; destroy() ends it for all copies.
class view {
public:
    view() = default;
    view(gk_engine *e, gk_view h) : engine_(e), handle_(h) {}
    gk_view handle() const noexcept { return handle_; }

    /// A child view with `frame` in this view's coordinates.
    view add_view(const gk_rect &frame) const {
        gk_view child;
        check(gk_view_create(engine_, handle_, &frame, &child), "gk_view_create");
        return view(engine_, child);
    }
    void destroy() const { check(gk_view_destroy(engine_, handle_), "gk_view_destroy"); }
    void set_flag(gk_view_flag flag, bool value) const { check(gk_view_set_flag(engine_, handle_, flag, value), "gk_view_set_flag"); }
    gk_rect frame() const {
        gk_rect r;
        check(gk_view_get_frame(engine_, handle_, &r), "gk_view_get_frame");
        return r;
    }
    /// Accessibility data for the screen reader: the label it says, whether the focus lands on
    /// this view, its place in reading order (docs/ACCESSIBILITY.md).
    void set_accessibility(const std::string &label, bool is_element = true, int32_t order = 0) const {
        check(gk_view_set_accessibility(engine_, handle_, label.data(), label.size(), is_element, order),
              "gk_view_set_accessibility");
    }
    /// gk_accessibility_trait bits (adjustable, modal, group); set_traits replaces them.
    void set_traits(uint32_t traits) const {
        check(gk_view_set_accessibility_traits(engine_, handle_, traits), "gk_view_set_accessibility_traits");
    }
    uint32_t traits() const {
        uint32_t t;
        check(gk_view_get_accessibility_traits(engine_, handle_, &t), "gk_view_get_accessibility_traits");
        return t;
    }
    bool operator==(const view &o) const noexcept { return handle_ == o.handle_; }

private:
    gk_engine *engine_ = nullptr;
    gk_view handle_ = GK_VIEW_NONE;
};

/// Owns a gk_engine. Move-only.
class engine {
public:
    engine(double width, double height, double points_per_mm = 6.4) {
        gk_engine_options o;
        check(gk_engine_options_init(&o), "gk_engine_options_init");
        o.screen_width = width;
        o.screen_height = height;
        o.points_per_mm = points_per_mm;
        check(gk_engine_create(&o, &engine_), "gk_engine_create");
    }
    ~engine() {
        if (engine_) gk_engine_destroy(engine_);
    }
    engine(engine &&o) noexcept : engine_(std::exchange(o.engine_, nullptr)), pending_(std::move(o.pending_)) {}
    engine &operator=(engine &&o) noexcept {
        if (this != &o) {
            if (engine_) gk_engine_destroy(engine_);
            engine_ = std::exchange(o.engine_, nullptr);
            pending_ = std::move(o.pending_);
        }
        return *this;
    }
    engine(const engine &) = delete;
    engine &operator=(const engine &) = delete;

    gk_engine *get() const noexcept { return engine_; }

    view root() const {
        gk_view r;
        check(gk_engine_root_view(engine_, &r), "gk_engine_root_view");
        return view(engine_, r);
    }

    void feed(double timestamp, const std::vector<gk_touch> &touches) {
        finish(gk_engine_feed(engine_, timestamp, touches.empty() ? nullptr : touches.data(), touches.size()),
               "gk_engine_feed");
    }
    void advance(double timestamp) { finish(gk_engine_advance(engine_, timestamp), "gk_engine_advance"); }
    void cancel_all_touches(double timestamp) {
        finish(gk_engine_cancel_all_touches(engine_, timestamp), "gk_engine_cancel_all_touches");
    }
    /// The next timer, or nothing when none is pending.
    std::optional<double> next_deadline() const {
        double t;
        check(gk_engine_next_deadline(engine_, &t), "gk_engine_next_deadline");
        if (std::isinf(t)) return std::nullopt;
        return t;
    }
    /// Drains the action queue.
    std::vector<gk_action> actions() {
        std::vector<gk_action> out;
        gk_action a;
        while (gk_engine_poll_action(engine_, &a, sizeof a) == GK_OK) out.push_back(a);
        return out;
    }
    /// Drains the delivery queue.
    std::vector<gk_delivery> deliveries() {
        std::vector<gk_delivery> out;
        gk_delivery d;
        while (gk_engine_poll_delivery(engine_, &d, sizeof d) == GK_OK) out.push_back(d);
        return out;
    }

    // The screen reader (docs/ACCESSIBILITY.md).

    void set_screen_reader(bool on) { check(gk_engine_set_screen_reader(engine_, on), "gk_engine_set_screen_reader"); }
    /// The focused element, or nothing.
    std::optional<view> accessibility_focus() const {
        gk_view v;
        check(gk_engine_get_accessibility_focus(engine_, &v), "gk_engine_get_accessibility_focus");
        if (v == GK_VIEW_NONE) return std::nullopt;
        return view(engine_, v);
    }
    /// The host moves the focus (a new screen, a field in error); an empty optional drops it.
    void set_accessibility_focus(const std::optional<view> &v) {
        check(gk_engine_set_accessibility_focus(engine_, v ? v->handle() : GK_VIEW_NONE), "gk_engine_set_accessibility_focus");
    }
    void move_accessibility_focus(gk_focus_move move) {
        check(gk_engine_move_accessibility_focus(engine_, static_cast<uint32_t>(move)), "gk_engine_move_accessibility_focus");
    }
    /// Queues an announcement: `message` is the host's own value (an index into its texts), given
    /// back in the event.
    void announce(uint64_t message, gk_announcement_priority priority = GK_ANNOUNCE_POLITE) {
        check(gk_engine_announce(engine_, message, static_cast<uint32_t>(priority)), "gk_engine_announce");
    }
    /// Drains the accessibility events.
    std::vector<gk_accessibility_event> accessibility_events() {
        std::vector<gk_accessibility_event> out;
        gk_accessibility_event e;
        while (gk_engine_poll_accessibility_event(engine_, &e, sizeof e) == GK_OK) out.push_back(e);
        return out;
    }
    /// Whether a host saying `speaking` cuts it to say `next` now (gk_accessibility_event_interrupts).
    static bool interrupts(const gk_accessibility_event &speaking, const gk_accessibility_event &next) {
        bool out = false;
        check(gk_accessibility_event_interrupts(&speaking, &next, sizeof next, &out), "gk_accessibility_event_interrupts");
        return out;
    }
    void set_touch_accommodations(const gk_touch_accommodations &a) {
        check(gk_engine_set_touch_accommodations(engine_, &a), "gk_engine_set_touch_accommodations");
    }

    /// Used by recognizer targets: an exception to rethrow after the current call.
    void defer(std::exception_ptr e) {
        if (!pending_) pending_ = e;
    }

private:
    void finish(gk_status status, const char *call) {
        if (pending_) std::rethrow_exception(std::exchange(pending_, nullptr));
        check(status, call);
    }
    gk_engine *engine_ = nullptr;
    std::exception_ptr pending_;
};

/// Owns a recognizer (destroyed with this object) and its std::function targets. Move-only.
class recognizer {
public:
    using target = std::function<void(const gk_action &)>;

    recognizer(engine &owner, gk_recognizer_kind kind) : owner_(&owner) {
        check(gk_recognizer_create(owner.get(), kind, &handle_), "gk_recognizer_create");
    }
    recognizer(engine &owner, gk_recognizer_kind kind, const view &v) : recognizer(owner, kind) { attach(v); }
    ~recognizer() {
        if (owner_ && handle_) gk_recognizer_destroy(owner_->get(), handle_);
    }
    recognizer(recognizer &&o) noexcept
        : owner_(std::exchange(o.owner_, nullptr)), handle_(std::exchange(o.handle_, 0)), targets_(std::move(o.targets_)) {}
    recognizer(const recognizer &) = delete;
    recognizer &operator=(const recognizer &) = delete;
    recognizer &operator=(recognizer &&) = delete;

    gk_recognizer handle() const noexcept { return handle_; }
    void attach(const view &v) { check(gk_recognizer_attach(owner_->get(), handle_, v.handle()), "gk_recognizer_attach"); }
    void detach() { check(gk_recognizer_detach(owner_->get(), handle_), "gk_recognizer_detach"); }
    void set(gk_property p, bool v) { check(gk_recognizer_set_bool(owner_->get(), handle_, p, v), "gk_recognizer_set_bool"); }
    void set(gk_property p, int v) { set(p, static_cast<int64_t>(v)); }
    void set(gk_property p, int64_t v) { check(gk_recognizer_set_int(owner_->get(), handle_, p, v), "gk_recognizer_set_int"); }
    void set(gk_property p, double v) { check(gk_recognizer_set_double(owner_->get(), handle_, p, v), "gk_recognizer_set_double"); }
    double get_double(gk_property p) const {
        double v;
        check(gk_recognizer_get_double(owner_->get(), handle_, p, &v), "gk_recognizer_get_double");
        return v;
    }
    int64_t get_int(gk_property p) const {
        int64_t v;
        check(gk_recognizer_get_int(owner_->get(), handle_, p, &v), "gk_recognizer_get_int");
        return v;
    }
    gk_state state() const {
        gk_state s;
        check(gk_recognizer_get_state(owner_->get(), handle_, &s), "gk_recognizer_get_state");
        return s;
    }
    void require_to_fail(const recognizer &other) {
        check(gk_recognizer_require_failure_of(owner_->get(), handle_, other.handle_), "gk_recognizer_require_failure_of");
    }
    /// Adds a target, called synchronously for each action of this recognizer.
    void add_target(target fn) {
        auto slot = std::make_unique<entry>(entry{std::move(fn), owner_});
        check(gk_recognizer_add_target(owner_->get(), handle_, &trampoline, slot.get()), "gk_recognizer_add_target");
        targets_.push_back(std::move(slot));
    }
    /// Removes every target.
    void remove_targets() {
        check(gk_recognizer_remove_target(owner_->get(), handle_, nullptr, nullptr), "gk_recognizer_remove_target");
        targets_.clear();
    }

private:
    struct entry {
        target fn;
        engine *owner;
    };
    static void trampoline(gk_engine *, const gk_action *a, void *user_data) {
        auto *e = static_cast<entry *>(user_data);
        try {
            e->fn(*a);
        } catch (...) {
            e->owner->defer(std::current_exception());   // never unwind through the library
        }
    }
    engine *owner_;
    gk_recognizer handle_ = 0;
    std::vector<std::unique_ptr<entry>> targets_;
};

/// A touch for engine::feed().
inline gk_touch touch(int64_t id, gk_touch_phase phase, double x, double y,
                      gk_touch_type type = GK_TOUCH_TYPE_DIRECT) {
    gk_touch t{};
    t.id = id;
    t.phase = static_cast<uint32_t>(phase);
    t.type = static_cast<uint32_t>(type);
    t.x = x;
    t.y = y;
    return t;
}

}  // namespace gesturekit

#endif
