#pragma once
// The mouse wheel scrolls the panels; it changes a combo box, spin box or
// slider only when that widget has the keyboard focus (clicked or tabbed to),
// so scrolling over the Simulation panel cannot rewrite the model.
#include <QObject>

namespace hfd::studio {

class WheelGuard : public QObject {
    Q_OBJECT
public:
    // Installs one guard on the application (further calls return the same one).
    static WheelGuard* install();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    using QObject::QObject;
};

bool is_wheel_guarded(const QObject* object);  // a combo box, spin box or slider (not a scroll bar)

}  // namespace hfd::studio
