#include "recent_files.h"
#include "recent_test_support.h"
#include "studio_test_support.h"

#include <QMenu>
#include <QSignalSpy>
#include <QtTest>

using hfd::studio::RecentFiles;

class TestRecentFiles : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        studio_test::isolate_settings(dir_);
    }

    void newestFirstWithoutDuplicatesAndBounded() {
        RecentFiles recent;
        recent.clear();
        for (int i = 0; i < RecentFiles::max_count + 3; ++i)
            recent.add(dir_.filePath(QStringLiteral("m%1.hfd").arg(i)));
        QCOMPARE(studio_test::recent_menu_paths(recent).size(), RecentFiles::max_count);
        QCOMPARE(studio_test::recent_menu_paths(recent).first(),
                 dir_.filePath(QStringLiteral("m%1.hfd").arg(RecentFiles::max_count + 2)));
        recent.add(dir_.filePath("m5.hfd"));
        QCOMPARE(studio_test::recent_menu_paths(recent).first(), dir_.filePath("m5.hfd"));
        QCOMPARE(studio_test::recent_menu_paths(recent).count(dir_.filePath("m5.hfd")), 1);
        QCOMPARE(studio_test::recent_menu_paths(recent).size(), RecentFiles::max_count);
        recent.remove(dir_.filePath("m5.hfd"));
        QVERIFY(!studio_test::recent_menu_paths(recent).contains(dir_.filePath("m5.hfd")));
    }

    void persistsAndOpensFromMenu() {
        const QString path = dir_.filePath("existing.hfd");
        QVERIFY(studio_test::write_file(path, "model {}"));
        {
            RecentFiles recent;
            recent.clear();
            recent.add(path);
        }
        RecentFiles recent;
        QCOMPARE(studio_test::recent_menu_paths(recent), QStringList{path});
        QMenu menu;
        recent.fillMenu(&menu);
        QSignalSpy spy(&recent, &RecentFiles::openRequested);
        menu.actions().first()->trigger();
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy[0][0].toString(), path);
    }
};

STUDIO_TEST_MAIN(TestRecentFiles)
#include "test_recent_files.moc"
