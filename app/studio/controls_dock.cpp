#include "controls_dock.h"

#include "state/kinematics.h"
#include "simulation_controller.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSignalBlocker>
#include <QValidator>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace hfd::studio {

namespace {

constexpr int slider_steps = 1000;
constexpr double push_duration = 0.1;  // s

QSlider* make_slider(QWidget* parent, int minimum, int maximum, int value) {
    auto* slider = new QSlider(Qt::Horizontal, parent);
    slider->setRange(minimum, maximum);
    slider->setValue(value);
    return slider;
}

QString excitation_text(int value) { return QString::number(double(value) / slider_steps, 'f', 3); }

QLabel* heading(const QString& text, QWidget* parent) {
    auto* label = new QLabel(QStringLiteral("<b>%1</b>").arg(text), parent);
    return label;
}

// Takes any number typed: one beyond the range is not refused keystroke by keystroke
// (QDoubleSpinBox's validator would turn a typed 200 into 20) but becomes the
// range's end on Enter.
class ClampingSpinBox : public QDoubleSpinBox {
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    QValidator::State validate(QString& text, int& position) const override {
        const QValidator::State state = QDoubleSpinBox::validate(text, position);
        if (state != QValidator::Invalid) return state;
        bool number = false;
        locale().toDouble(text.trimmed().remove(suffix().trimmed()).trimmed(), &number);
        return number ? QValidator::Intermediate : QValidator::Invalid;
    }
    void fixup(QString& text) const override {
        bool number = false;
        const double typed = locale().toDouble(text.trimmed().remove(suffix().trimmed()).trimmed(), &number);
        if (number) text = textFromValue(std::clamp(typed, minimum(), maximum())) + suffix();
    }
};

}  // namespace

DofUnit dof_unit(const Dof& dof) {
    if (dof.kind == Dof::Kind::RootTranslation) return {1.0, QStringLiteral(" m"), 3, 0.001, 10};
    return {180.0 / M_PI, QStringLiteral(" \u00b0"), 1, 0.1, 10};
}

ControlsDock::ControlsDock(SimulationController* controller, QWidget* parent)
    : QDockWidget(tr("Controls"), parent), controller_(controller) {
    setObjectName(QStringLiteral("ControlsDock"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    filter_ = new QLineEdit(content);
    filter_->setPlaceholderText(tr("Filter muscles, motors, dofs"));
    filter_->setClearButtonEnabled(true);
    layout->addWidget(filter_);
    connect(filter_, &QLineEdit::textChanged, this, &ControlsDock::setFilter);

    auto* push = new QHBoxLayout;
    body_ = new QComboBox(content);
    direction_ = new QComboBox(content);
    for (const char* name : {"+x", "-x", "+y", "-y", "+z", "-z"}) direction_->addItem(QString::fromLatin1(name));
    push_force_ = new QDoubleSpinBox(content);
    push_force_->setRange(1, 1e5);
    push_force_->setValue(200);
    push_force_->setSuffix(tr(" N"));
    auto* push_button = new QPushButton(tr("Push"), content);
    push_button->setToolTip(tr("Applies the force to the body's centre of mass for %1 s").arg(push_duration));
    push->addWidget(body_, 1);
    push->addWidget(direction_);
    push->addWidget(push_force_);
    push->addWidget(push_button);
    layout->addLayout(push);
    connect(push_button, &QPushButton::clicked, this, &ControlsDock::pushSelected);

    auto* scroll = new QScrollArea(content);
    scroll->setWidgetResizable(true);
    auto* list = new QWidget(scroll);
    rows_ = new QVBoxLayout(list);
    rows_->addStretch();
    scroll->setWidget(list);
    layout->addWidget(scroll, 1);
    setWidget(content);
    connect(controller_, &SimulationController::loaded, this, &ControlsDock::resendControls);
}

QWidget* ControlsDock::row(const QString& name, QWidget* field) {
    auto* widget = new QWidget;
    auto* layout = new QHBoxLayout(widget);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(name, widget);
    label->setMinimumWidth(110);
    layout->addWidget(label);
    layout->addWidget(field, 1);
    widget->setObjectName(name);
    rows_->insertWidget(rows_->count() - 1, widget);
    row_widgets_.push_back(widget);
    return widget;
}

void ControlsDock::setModel(std::shared_ptr<const Model> shared) {
    model_ = shared ? std::move(shared) : std::make_shared<const Model>();
    const Model& model = *model_;
    for (QWidget* widget : row_widgets_) delete widget;
    row_widgets_.clear();
    excitation_.clear();
    dofs_.clear();
    dof_fields_.clear();
    dof_values_.clear();
    dofs_moved_ = false;
    motors_.clear();
    motor_moved_.clear();
    QWidget* list = rows_->parentWidget();
    if (!model.muscles.empty())
        row_widgets_.push_back(heading(tr("Muscle excitation"), list)),
            rows_->insertWidget(rows_->count() - 1, row_widgets_.back());
    for (size_t m = 0; m < model.muscles.size(); ++m) {
        auto* field = new QWidget(list);
        auto* layout = new QHBoxLayout(field);
        layout->setContentsMargins(0, 0, 0, 0);
        QSlider* slider = make_slider(field, 0, slider_steps, 0);
        auto* number = new QLabel(excitation_text(0), field);
        number->setMinimumWidth(number->fontMetrics().horizontalAdvance(QStringLiteral("0.000")));
        layout->addWidget(slider, 1);
        layout->addWidget(number);
        connect(slider, &QSlider::valueChanged, this, [this, m, number](int value) {
            number->setText(excitation_text(value));
            controller_->setExcitation(int(m), double(value) / slider_steps);
        });
        const QString name = QString::fromStdString(model.muscles[m].name);
        slider->setObjectName(QStringLiteral("excitation_") + name);
        number->setObjectName(QStringLiteral("excitationValue_") + name);
        row(name, field);
        excitation_.push_back(slider);
    }
    if (!model.motors.empty())
        row_widgets_.push_back(heading(tr("Motor targets (x y z, degrees)"), list)),
            rows_->insertWidget(rows_->count() - 1, row_widgets_.back());
    for (size_t j = 0; j < model.motors.size(); ++j) {
        auto* field = new QWidget(list);
        auto* layout = new QHBoxLayout(field);
        layout->setContentsMargins(0, 0, 0, 0);
        const Vec3 euler = model.motors[j].target_ori.toRotationMatrix().eulerAngles(0, 1, 2);
        std::array<QSlider*, 3> sliders{};
        for (int axis = 0; axis < 3; ++axis) {
            sliders[axis] = make_slider(field, -180, 180, int(std::lround(euler[axis] * 180 / M_PI)));
            layout->addWidget(sliders[axis]);
            connect(sliders[axis], &QSlider::valueChanged, this, [this, j] {
                motor_moved_[j] = true;
                sendMotor(int(j));
            });
        }
        row(QString::fromStdString(model.motors[j].name), field);
        motors_.push_back(sliders);
        motor_moved_.push_back(false);
    }
    if (!model.dofs.empty()) {
        row_widgets_.push_back(heading(tr("Initial pose (before play)"), list));
        rows_->insertWidget(rows_->count() - 1, row_widgets_.back());
        auto* buttons = new QWidget(list);
        auto* layout = new QHBoxLayout(buttons);
        layout->setContentsMargins(0, 0, 0, 0);
        auto* write = new QPushButton(tr("Write to Model File"), buttons);
        write->setObjectName(QStringLiteral("writePose"));
        write->setToolTip(tr("Sets each dof's default in the model text to the pose (one undoable edit, unsaved)"));
        auto* save = new QPushButton(tr("Save as State File..."), buttons);
        save->setObjectName(QStringLiteral("savePose"));
        save->setToolTip(tr("Writes the pose as an initial state file (hfd simulate --state)"));
        layout->addWidget(write);
        layout->addWidget(save);
        layout->addStretch();
        connect(write, &QPushButton::clicked, this, &ControlsDock::writePoseRequested);
        connect(save, &QPushButton::clicked, this, &ControlsDock::savePoseRequested);
        row_widgets_.push_back(buttons);
        rows_->insertWidget(rows_->count() - 1, buttons);
    }
    for (std::size_t d = 0; d < model.dofs.size(); ++d) addDofRow(d, list);
    body_->clear();
    for (size_t b = 0; b < model.bodies.size(); ++b)
        if (model.bodies[b].mass > 0) body_->addItem(QString::fromStdString(model.bodies[b].name), int(b));
    setFilter(filter_->text());
}

// A slider in ticks of DofUnit::slider_step from the range's low end, beside a
// spin box in display units; each moves the other, the value kept exact in SI.
void ControlsDock::addDofRow(std::size_t d, QWidget* list) {
    const Dof& dof = model_->dofs[d];
    const DofUnit unit = dof_unit(dof);
    const double low = std::min(dof.range_min, dof.range_max), high = std::max(dof.range_min, dof.range_max);
    auto* field = new QWidget(list);
    auto* layout = new QHBoxLayout(field);
    layout->setContentsMargins(0, 0, 0, 0);
    const int ticks = int(std::lround((high - low) * unit.per_si / unit.slider_step));
    QSlider* slider = make_slider(field, 0, std::max(ticks, 0), 0);
    slider->setSingleStep(unit.key_step);
    slider->setPageStep(10 * unit.key_step);
    auto* number = new ClampingSpinBox(field);
    number->setDecimals(unit.decimals);
    number->setRange(low * unit.per_si, high * unit.per_si);
    number->setSingleStep(unit.key_step * unit.slider_step);
    number->setSuffix(unit.suffix);
    number->setKeyboardTracking(false);  // a typed value applies on Enter or leaving the field
    number->setCorrectionMode(QAbstractSpinBox::CorrectToNearestValue);
    number->setToolTip(tr("Type a value (clamped to %1 .. %2)")
                           .arg(number->minimum(), 0, 'f', unit.decimals)
                           .arg(number->maximum(), 0, 'f', unit.decimals) +
                       unit.suffix);
    layout->addWidget(slider, 1);
    layout->addWidget(number);
    const QString name = QString::fromStdString(dof.name);
    slider->setObjectName(QStringLiteral("dof_") + name);
    number->setObjectName(QStringLiteral("dofValue_") + name);
    row(name, field);
    dofs_.push_back(slider);
    dof_fields_.push_back(number);
    dof_values_.push_back(std::clamp(dof.default_value, low, high));
    setDofValue(d, dof_values_.back());
    connect(slider, &QSlider::valueChanged, this, [this, d, low, unit](int tick) {
        const double value = low + tick * unit.slider_step / unit.per_si;
        // a slider echoing a typed value keeps the typed one
        if (std::abs(value - dof_values_[d]) * unit.per_si < 0.5 * unit.slider_step) return;
        setDofValue(d, value);
        dofs_moved_ = true;
        sendDofs();
    });
    connect(number, &QDoubleSpinBox::valueChanged, this, [this, d, unit](double shown) {
        const double value = shown / unit.per_si;
        if (std::abs(value - dof_values_[d]) * unit.per_si < 0.5 * std::pow(10.0, -unit.decimals)) return;
        setDofValue(d, value);
        dofs_moved_ = true;
        sendDofs();
    });
}

void ControlsDock::setDofValue(std::size_t d, double value) {
    const Dof& dof = model_->dofs[d];
    const DofUnit unit = dof_unit(dof);
    const double low = std::min(dof.range_min, dof.range_max), high = std::max(dof.range_min, dof.range_max);
    dof_values_[d] = std::clamp(value, low, high);
    const QSignalBlocker quiet_slider(dofs_[d]), quiet_field(dof_fields_[d]);
    dofs_[d]->setValue(int(std::lround((dof_values_[d] - low) * unit.per_si / unit.slider_step)));
    dof_fields_[d]->setValue(dof_values_[d] * unit.per_si);
}

void ControlsDock::setFilter(const QString& text) {
    for (QWidget* widget : row_widgets_)
        if (!widget->objectName().isEmpty())
            widget->setVisible(text.isEmpty() || widget->objectName().contains(text, Qt::CaseInsensitive));
}

void ControlsDock::setSelectedBody(int body) {
    const int index = body_->findData(body);
    if (index >= 0) body_->setCurrentIndex(index);
}

void ControlsDock::sendMotor(int motor) {
    const auto& sliders = motors_.at(motor);
    auto angle = [&](int axis) { return sliders[axis]->value() * M_PI / 180; };
    // intrinsic x-y-z: q = qx * qy * qz
    const Quat target = Quat(Eigen::AngleAxisd(angle(0), Vec3::UnitX())) *
                        Quat(Eigen::AngleAxisd(angle(1), Vec3::UnitY())) *
                        Quat(Eigen::AngleAxisd(angle(2), Vec3::UnitZ()));
    controller_->setMotorTarget(motor, target);
}

DofAssignment ControlsDock::pose() const {
    DofAssignment dofs = default_dof_assignment(*model_);
    for (size_t d = 0; d < model_->dofs.size() && d < dof_values_.size(); ++d) dofs.value[d] = dof_values_[d];
    return dofs;
}

void ControlsDock::sendDofs() { controller_->setInitialDofs(pose()); }

void ControlsDock::resendControls() {
    if (model_->muscles.size() != excitation_.size()) return;  // sliders of another model
    for (size_t m = 0; m < excitation_.size(); ++m)
        controller_->setExcitation(int(m), double(excitation_[m]->value()) / slider_steps);
    for (size_t j = 0; j < motors_.size(); ++j)
        if (motor_moved_[j]) sendMotor(int(j));  // unmoved sliders hold the model's target rounded to degrees
    if (dofs_moved_) sendDofs();
}

void ControlsDock::pushSelected() {
    if (body_->currentIndex() < 0) return;
    const int axis = direction_->currentIndex() / 2;
    const double sign = direction_->currentIndex() % 2 ? -1 : 1;
    Vec3 force = Vec3::Zero();
    force[axis] = sign * push_force_->value();
    controller_->push(body_->currentData().toInt(), force, push_duration);
}

}  // namespace hfd::studio
