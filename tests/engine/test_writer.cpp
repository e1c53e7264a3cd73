// Writing trees as .hfd text (layout, quoting, $variables, round trips) and
// atomic file replacement.
#include "format/parser.h"
#include "format/writer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace hfd;

namespace {

std::string read_file(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll().toStdString();
}

bool write_plain(const QString& path, const std::string& text) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return false;
    return file.write(text.data(), qint64(text.size())) == qint64(text.size());
}

// parse(write(tree)) has the tree's content, and writing is stable.
void check_round_trip(const std::string& text, const char* what) {
    const ParseResult first = parse_text(text);
    QVERIFY2(first.ok(), what);
    const std::string written = write_text(first.root);
    const ParseResult second = parse_text(written);
    for (const Diagnostic& d : second.diagnostics) qWarning("%s\n%s", format_diagnostic(d).c_str(), written.c_str());
    QVERIFY2(second.ok(), what);
    QVERIFY2(second.root.same_content(first.root), what);
    QCOMPARE(write_text(second.root), written);
}

}  // namespace

class TestWriter : public QObject {
    Q_OBJECT

private slots:
    void layout() {
        PropNode root;
        root.kind = PropNode::Kind::Group;
        PropNode& model = root.add_group("model");
        model.add("name", "my_model");
        PropNode& pos = model.add_group("pos");
        pos.add("x", "0");
        pos.add("y", "1");
        pos.add("z", "0");
        PropNode& inertia = model.children.emplace_back();
        inertia.key = "inertia";
        inertia.kind = PropNode::Kind::Array;
        for (const char* v : {"1", "2", "3"}) inertia.add("", v);
        PropNode& points = model.children.emplace_back();
        points.key = "points";
        points.kind = PropNode::Kind::Array;
        points.children.emplace_back().kind = PropNode::Kind::Group;
        points.children.back().add("x", "1");
        points.children.emplace_back().kind = PropNode::Kind::Group;
        points.children.back().add("x", "2");
        model.add_group("empty");
        PropNode& big = model.add_group("material");
        for (const char* key : {"a", "b", "c", "d", "e"}) big.add(key, "1");
        const std::string expected =
            "model {\n"
            "\tname = my_model\n"
            "\tpos { x = 0 y = 1 z = 0 }\n"
            "\tinertia = [ 1 2 3 ]\n"
            "\tpoints = [\n"
            "\t\t{ x = 1 }\n"
            "\t\t{ x = 2 }\n"
            "\t]\n"
            "\tempty { }\n"
            "\tmaterial {\n"
            "\t\ta = 1\n\t\tb = 1\n\t\tc = 1\n\t\td = 1\n\t\te = 1\n"
            "\t}\n"
            "}\n";
        QCOMPARE(QString::fromStdString(write_text(root)), QString::fromStdString(expected));
    }

    void quoting_data() {
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("needs_quotes");
        QTest::newRow("plain") << "my_name" << false;
        QTest::newRow("number") << "-2.5e-3" << false;
        QTest::newRow("range") << "-45..90" << false;
        QTest::newRow("path") << "geometry/femur.vtp" << false;
        QTest::newRow("space") << "Name with space" << true;
        QTest::newRow("braces") << "a{b}" << true;
        QTest::newRow("brackets") << "[x]" << true;
        QTest::newRow("equals") << "a=b" << true;
        QTest::newRow("quote") << "say \"hi\"" << true;
        QTest::newRow("backslash") << "C:\\models\\m.hfd" << true;
        QTest::newRow("trailing backslash") << "dir\\" << true;
        QTest::newRow("hash") << "#1" << true;
        QTest::newRow("comment start") << "a/*b" << true;
        QTest::newRow("dollar") << "$not_a_variable" << true;
        QTest::newRow("empty") << "" << true;
        QTest::newRow("tab") << "a\tb" << true;
    }

    void quoting() {
        QFETCH(QString, value);
        QFETCH(bool, needs_quotes);
        PropNode root;
        root.kind = PropNode::Kind::Group;
        root.add("key", value.toStdString());
        const std::string text = write_text(root);
        QCOMPARE(text.find("key = \"") == 0, needs_quotes);
        const ParseResult parsed = parse_text(text);
        QVERIFY2(parsed.ok(), text.c_str());
        QCOMPARE(QString::fromStdString(parsed.root.find("key")->value), value);
        QVERIFY(parsed.root.find("key")->raw_value.empty());
    }

    void keysAreQuotedWhenNeeded() {
        PropNode root;
        root.kind = PropNode::Kind::Group;
        root.add("key with space", "1");
        root.add("", "2");
        root.add("$k", "3");
        const ParseResult parsed = parse_text(write_text(root));
        QVERIFY(parsed.ok());
        QVERIFY(parsed.root.same_content(root));
        QVERIFY(parsed.root.children[2].is_variable_definition());
    }

    void variableReferencesAreKept() {
        const std::string text =
            "model {\n\t$stiffness = 1e6\n\t$origin { x = 1 }\n\tjoint { stiffness = $stiffness pos = $origin }\n"
            "\tlist = [ $stiffness 2 ]\n}\n";
        const ParseResult parsed = parse_text(text);
        QVERIFY(parsed.ok());
        const std::string written = write_text(parsed.root);
        QVERIFY(written.find("$stiffness = 1e6") != std::string::npos);
        QVERIFY(written.find("stiffness = $stiffness") != std::string::npos);
        QVERIFY(written.find("pos = $origin") != std::string::npos);
        QVERIFY(written.find("[ $stiffness 2 ]") != std::string::npos);
        QVERIFY(written.find("\"$") == std::string::npos);
        const ParseResult again = parse_text(written);
        QVERIFY(again.ok());
        QVERIFY(again.root.same_content(parsed.root));
        const PropNode& stiffness = *again.root.find("model")->find("joint")->find("stiffness");
        QCOMPARE(stiffness.raw_value, std::string("$stiffness"));
        QCOMPARE(stiffness.value, std::string("1e6"));
    }

    void roundTripHandWritten_data() {
        QTest::addColumn<QString>("text");
        QTest::newRow("manual model")
            << "model {\n\tname = my_model\n\tbody {\n\t\tname = cube\n\t\tmass = 1\n"
               "\t\tinertia = [ 0.1 0.1 0.1 ]\n\t\tpos = [ 0 1 0 ] # c\n\t}\n\t/* m\n c */\n}\n";
        QTest::newRow("data types") << "name = my_name\nanother_name = \"Name with special {characters}\"\n"
                                       "velocity { x = 0 y = 1 z = 0 }\nori2 = [ 45 0 90 ]\n"
                                       "joint_limits { x = -10..10 y = 0..0 z = -45..90 }\n"
                                       "more_joint_limits = [ -10..10 0..0 -45..90 ]\ndof_range = 0..90\n";
        QTest::newRow("escapes") << "a = \"q \\\" b \\\\ c\" b = \"C:\\dir\\f\" c = \"\" d = \"$x\"";
        QTest::newRow("arrays of groups") << "p = [ { x = 1 y = [ 1 2 ] } { } [ 1 [ 2 ] ] ] q = [ ] r { }";
        QTest::newRow("long group") << "g { a = 1 b = 2 c = 3 d = 4 e = 5 f = \"some long text that goes on\" }";
        QTest::newRow("nested groups") << "a { b { c { d = 1 } e = 2 } }";
        QTest::newRow("variables") << "$a = 1 $b = $a g { $a = 2 x = $a } y = $b z = [ $a { v = $b } ]";
        QTest::newRow("configs")
            << "composite_force {\n\tplanar_joint_force_pnld = \"\"\n\tsimple_collision_detection {}\n"
               "\tcontact_force_hunt_crossley { viscosity = 1e3 }\n}\nerror_control_integrator_pse { accuracy = 0.01 }";
        QTest::newRow("utf8") << "name = \"é ü\" naïve = 1";
    }

    void roundTripHandWritten() {
        QFETCH(QString, text);
        check_round_trip(text.toStdString(), qPrintable(QTest::currentDataTag()));
    }

    void roundTripCorpus() {
        const QDir corpus(QStringLiteral(HFD_CORPUS_DIR "/scone"));
        if (!corpus.exists()) QSKIP("corpus absent");
        const QStringList files = corpus.entryList({"*.hfd", "*.zml"}, QDir::Files);
        QVERIFY(!files.isEmpty());
        for (const QString& name : files) check_round_trip(read_file(corpus.filePath(name)), qPrintable(name));
    }

    void atomicWriteCreatesAndReplaces() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath("model.hfd");
        std::string error;
        QVERIFY(write_file_atomic(path.toStdString(), "a = 1\n", &error));
        QCOMPARE(read_file(path), std::string("a = 1\n"));
        QVERIFY(::chmod(path.toLocal8Bit().constData(), 0640) == 0);
        QVERIFY(write_file_atomic(path.toStdString(), "a = 2\n", &error));
        QCOMPARE(read_file(path), std::string("a = 2\n"));
        struct stat info {};
        QVERIFY(::stat(path.toLocal8Bit().constData(), &info) == 0);
        QCOMPARE(int(info.st_mode & 0777), 0640);                     // permissions of the replaced file kept
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);  // no temporary left behind
        QVERIFY(write_file_atomic(path.toStdString(), "", &error));
        QCOMPARE(read_file(path), std::string());
    }

    void atomicWriteFailureLeavesOriginal() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // the target is a directory: renaming over it fails, the directory stays
        const QString sub = dir.filePath("model.hfd");
        QVERIFY(QDir().mkdir(sub));
        QVERIFY(write_plain(sub + "/inside.txt", "keep"));
        std::string error;
        QVERIFY(!write_file_atomic(sub.toStdString(), "a = 1\n", &error));
        QVERIFY(!error.empty());
        QVERIFY(QFileInfo(sub).isDir());
        QCOMPARE(read_file(sub + "/inside.txt"), std::string("keep"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 0);  // temporary removed

        // the directory does not exist
        error.clear();
        QVERIFY(!write_file_atomic(dir.filePath("missing/model.hfd").toStdString(), "a = 1\n", &error));
        QVERIFY(error.find("missing/model.hfd") != std::string::npos);
        QVERIFY(!write_file_atomic("", "a = 1\n", &error));
    }

    void atomicWriteToReadOnlyDirectory() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString locked = dir.filePath("locked");
        QVERIFY(QDir().mkdir(locked));
        const QString path = locked + "/model.hfd";
        QVERIFY(write_plain(path, "original\n"));
        QVERIFY(::chmod(locked.toLocal8Bit().constData(), 0555) == 0);
        // root ignores directory permissions: then this case cannot be made to fail
        const bool can_create = ::access(locked.toLocal8Bit().constData(), W_OK) == 0;
        std::string error;
        const bool written = write_file_atomic(path.toStdString(), "new\n", &error);
        ::chmod(locked.toLocal8Bit().constData(), 0755);
        if (can_create) QSKIP("running with permission to write into read-only directories");
        QVERIFY(!written);
        QVERIFY(!error.empty());
        QCOMPARE(read_file(path), std::string("original\n"));
        QCOMPARE(QDir(locked).entryList(QDir::Files).size(), 1);
    }
};

QTEST_APPLESS_MAIN(TestWriter)
#include "test_writer.moc"
