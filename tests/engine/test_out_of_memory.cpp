// Out of memory (issue 38): `hfd` catches the std::bad_alloc of a run too large
// for the memory it may use and exits 3 with a message naming what it was doing,
// instead of aborting. The child process gets an address-space limit
// (RLIMIT_AS) before exec, so the allocation fails at once instead of filling
// the machine's memory.
#include "cli_test_util.h"

#include <QtTest>

#include <QFile>
#include <QTemporaryDir>

#include <sys/resource.h>

namespace {

constexpr rlim_t address_space_limit = rlim_t(256) << 20;  // bytes; `hfd` starts in ~20 MB

// A ground holding `count` spheres and one free ball: the contact-pair table of
// a run is count x count entries (400 MB for 10,000), so the run needs more than
// the limit while the file is small and quick to read.
QByteArray many_geometry_model(int count) {
    QByteArray text = "model {\n\tname = many\n\tbody { name = ground mass = 0 inertia = [ 0 0 0 ]\n";
    for (int i = 0; i < count; ++i)
        text += QByteArray("\t\tgeometry { name = g") + QByteArray::number(i) +
                " type = sphere radius = 0.01 pos = [ " + QByteArray::number(0.01 * i) + " 0 0 ] }\n";
    text +=
        "\t}\n\tbody { name = ball mass = 1 inertia = [ 0.1 0.1 0.1 ]\n"
        "\t\tjoint { name = j parent = ground pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0 0 ] } }\n}\n"
        "forward_euler_integrator { step_size = 0.001 }\n";
    return text;
}

// In the child before exec: the run may map at most address_space_limit bytes.
void limit_address_space() {
    const rlimit limit{address_space_limit, address_space_limit};
    setrlimit(RLIMIT_AS, &limit);
}

}  // namespace

class TestOutOfMemory : public QObject {
    Q_OBJECT
private slots:
    void simulate_out_of_memory_exits_3_naming_the_model();
};

// Without main()'s handler the bad_alloc ends the process with SIGABRT
// (exit_code -2 here). The same model with 10 spheres runs under the same limit:
// it is the size that fails, not the limit.
void TestOutOfMemory::simulate_out_of_memory_exits_3_naming_the_model() {
#if defined(__SANITIZE_ADDRESS__)
    QSKIP("AddressSanitizer reserves terabytes of address space: no RLIMIT_AS can hold it");
#endif
    const QString hfd = hfd::test::built_hfd();
    if (hfd.isEmpty()) QSKIP("hfd is not built");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const auto& [name, count] : {std::pair{"small.hfd", 10}, std::pair{"large.hfd", 10000}}) {
        QFile file(dir.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(many_geometry_model(count));
    }

    const hfd::test::CliRun small = hfd::test::run_hfd(hfd, dir.path(), {"simulate", "small.hfd", "--duration", "0.01"},
                                                       60000, limit_address_space);
    QVERIFY2(small.exit_code == 0, qPrintable(small.err));

    const hfd::test::CliRun large = hfd::test::run_hfd(hfd, dir.path(), {"simulate", "large.hfd", "--duration", "0.01"},
                                                       60000, limit_address_space);
    QVERIFY2(large.exit_code == 3, qPrintable(QString::number(large.exit_code) + ": " + large.err));
    QVERIFY2(large.err.contains("hfd simulate: out of memory while running the model 'large.hfd'"),
             qPrintable(large.err));
    QVERIFY2(large.err.contains("too large for this machine"), qPrintable(large.err));
    QVERIFY2(!large.err.contains("terminate called"), qPrintable(large.err));
}

QTEST_GUILESS_MAIN(TestOutOfMemory)
#include "test_out_of_memory.moc"
