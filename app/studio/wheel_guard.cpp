#include "wheel_guard.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QSlider>

namespace hfd::studio {

bool is_wheel_guarded(const QObject* object) {
    return qobject_cast<const QComboBox*>(object) || qobject_cast<const QAbstractSpinBox*>(object) ||
           qobject_cast<const QSlider*>(object);
}

WheelGuard* WheelGuard::install() {
    if (auto* existing = qApp->findChild<WheelGuard*>(QString(), Qt::FindDirectChildrenOnly)) return existing;
    auto* guard = new WheelGuard(qApp);
    qApp->installEventFilter(guard);
    return guard;
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Polish && is_wheel_guarded(watched)) {
        // Qt::WheelFocus would hand these widgets the focus on the first wheel turn.
        auto* widget = static_cast<QWidget*>(watched);
        if (widget->focusPolicy() == Qt::WheelFocus) widget->setFocusPolicy(Qt::StrongFocus);
    } else if (event->type() == QEvent::Wheel && is_wheel_guarded(watched) &&
               !static_cast<QWidget*>(watched)->hasFocus()) {
        event->ignore();  // an ignored wheel event goes on to the parent: the panel scrolls
        return true;
    }
    return false;
}

}  // namespace hfd::studio
