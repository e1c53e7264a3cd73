#include "format/parser.h"
#include "model_tree_model.h"

#include <QSignalSpy>
#include <QtTest>

using hfd::editor::ModelTreeModel;

namespace {
const char* const model_text =
    "model {\n"
    "\tname = test\n"
    "\t$k = 5\n"
    "\tbody {\n"
    "\t\tname = link\n"
    "\t\tmass = 2.5\n"
    "\t\tpos = [ 0 1 0 ]\n"
    "\t\tstiffness = $k\n"
    "\t\tlabel = \"two words\"\n"
    "\t}\n"
    "}\n";

void set_text(ModelTreeModel& model, const std::string& text) {
    hfd::ParseResult parsed = hfd::parse_text(text, "t.hfd");
    QVERIFY(parsed.ok());
    model.setSource(parsed.root, text);
}

QModelIndex child(const ModelTreeModel& model, const QModelIndex& parent, const QString& key) {
    for (int row = 0; row < model.rowCount(parent); ++row) {
        QModelIndex index = model.index(row, 0, parent);
        if (index.data().toString() == key) return index;
    }
    return {};
}
}  // namespace

class TestModelTreeModel : public QObject {
    Q_OBJECT
private slots:
    void showsKeysAndWrittenValues() {
        ModelTreeModel model;
        set_text(model, model_text);
        QCOMPARE(model.rowCount(), 1);
        QModelIndex root = model.index(0, 0);
        QCOMPARE(root.data().toString(), QStringLiteral("model"));
        QCOMPARE(model.rowCount(root), 3);
        QModelIndex body = child(model, root, "body");
        QCOMPARE(body.siblingAtColumn(1).data().toString(), QStringLiteral("link"));  // a group shows its name
        QCOMPARE(model.parent(body), root);
        QCOMPARE(child(model, body, "mass").siblingAtColumn(1).data().toString(), QStringLiteral("2.5"));
        QCOMPARE(child(model, body, "stiffness").siblingAtColumn(1).data().toString(), QStringLiteral("$k"));
        QCOMPARE(child(model, body, "label").siblingAtColumn(1).data().toString(), QStringLiteral("\"two words\""));
        QModelIndex pos = child(model, body, "pos");
        QCOMPARE(model.rowCount(pos), 3);
        QCOMPARE(model.index(1, 1, pos).data().toString(), QStringLiteral("1"));
        QCOMPARE(model.index(1, 0, pos).data().toString(), QStringLiteral("[1]"));
        // Only values are editable, in the value column.
        QVERIFY(model.flags(child(model, body, "mass").siblingAtColumn(1)) & Qt::ItemIsEditable);
        QVERIFY(!(model.flags(child(model, body, "mass")) & Qt::ItemIsEditable));
        QVERIFY(!(model.flags(body.siblingAtColumn(1)) & Qt::ItemIsEditable));
    }

    void editRequestsReplacementOfExactlyTheValue() {
        ModelTreeModel model;
        const std::string text = model_text;
        set_text(model, text);
        QSignalSpy spy(&model, &ModelTreeModel::valueEditRequested);
        QModelIndex body = child(model, model.index(0, 0), "body");
        QVERIFY(model.setData(child(model, body, "mass").siblingAtColumn(1), QStringLiteral(" 3.75 ")));
        QCOMPARE(spy.count(), 1);
        int begin = spy[0][0].toInt(), end = spy[0][1].toInt();
        QCOMPARE(text.substr(begin, end - begin), std::string("2.5"));
        QCOMPARE(spy[0][2].toString(), QStringLiteral("3.75"));
        // A value that needs quotes gets them; a quoted value is replaced with its quotes.
        QVERIFY(model.setData(child(model, body, "label").siblingAtColumn(1), QStringLiteral("three more words")));
        begin = spy[1][0].toInt();
        end = spy[1][1].toInt();
        QCOMPARE(text.substr(begin, end - begin), std::string("\"two words\""));
        QCOMPARE(spy[1][2].toString(), QStringLiteral("\"three more words\""));
        // Unchanged values and groups request nothing.
        QVERIFY(!model.setData(child(model, body, "mass").siblingAtColumn(1), QStringLiteral("2.5")));
        QVERIFY(!model.setData(body.siblingAtColumn(1), QStringLiteral("x")));
        QCOMPARE(spy.count(), 2);
    }

    void sameShapeKeepsIndexesValid() {
        ModelTreeModel model;
        set_text(model, model_text);
        QModelIndex body = child(model, model.index(0, 0), "body");
        QPersistentModelIndex mass = child(model, body, "mass").siblingAtColumn(1);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        std::string edited = model_text;
        edited.replace(edited.find("2.5"), 3, "12.25");
        set_text(model, edited);
        QCOMPARE(resets.count(), 0);
        QVERIFY(mass.isValid());
        QCOMPARE(mass.data().toString(), QStringLiteral("12.25"));
        // A new component changes the shape: the model is reset.
        edited.insert(edited.find("\tbody"), "\tdof { name = d source = link_rz }\n");
        set_text(model, edited);
        QCOMPARE(resets.count(), 1);
        QCOMPARE(model.rowCount(model.index(0, 0)), 4);
    }

    void findsNodesByOffsetNameAndPath() {
        ModelTreeModel model;
        const std::string text = model_text;
        set_text(model, text);
        QModelIndex at_mass = model.indexAtOffset(int(text.find("2.5")) + 1);
        QCOMPARE(at_mass.data().toString(), QStringLiteral("mass"));
        QModelIndex in_pos = model.indexAtOffset(int(text.find("[ 0 1 0 ]")) + 4);
        QCOMPARE(in_pos.data().toString(), QStringLiteral("[1]"));
        QModelIndex link = model.findNamedGroup("body", "link");
        QCOMPARE(link, child(model, model.index(0, 0), "body"));
        QVERIFY(!model.findNamedGroup("body", "absent").isValid());
        QCOMPARE(model.enclosingGroup(at_mass, "body"), link);
        QVERIFY(!model.enclosingGroup(link.parent(), "body").isValid());
        const QString path = model.pathOf(at_mass);
        QCOMPARE(path, QStringLiteral("model:test/body:link/mass#0"));
        QCOMPARE(model.indexOfPath(path), at_mass);
        QCOMPARE(model.data(at_mass, ModelTreeModel::BeginRole).toInt(), int(text.find("mass")));
    }

    void quotesOnlyWhenNeeded() {
        QCOMPARE(ModelTreeModel::valueTextForEdit("femur_r"), QStringLiteral("femur_r"));
        QCOMPARE(ModelTreeModel::valueTextForEdit("-10..10"), QStringLiteral("-10..10"));
        QCOMPARE(ModelTreeModel::valueTextForEdit("a b"), QStringLiteral("\"a b\""));
        QCOMPARE(ModelTreeModel::valueTextForEdit("x{y}"), QStringLiteral("\"x{y}\""));
        QCOMPARE(ModelTreeModel::valueTextForEdit(""), QStringLiteral("\"\""));
        QCOMPARE(ModelTreeModel::valueTextForEdit("\"kept as is\""), QStringLiteral("\"kept as is\""));
    }
};

QTEST_APPLESS_MAIN(TestModelTreeModel)
#include "test_model_tree_model.moc"
