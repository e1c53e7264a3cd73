// write_shortest against std::to_chars, byte for byte: the same digits (shortest,
// closest, ties to even) and the same choice of fixed or scientific form, on
// values of every scale, short decimals, integers, powers of two (where the
// interval below is half as wide), neighbours of those, and random bit patterns.
#include "io/shortest_double.h"

#include <QTest>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace hfd;

namespace {

std::string reference(double v) {
    char text[64];
    return std::string(text, std::to_chars(text, text + sizeof text, v).ptr);
}

std::string ours(double v) {
    char text[32];
    std::memset(text, 'x', sizeof text);  // a character it left unwritten shows
    return std::string(text, write_shortest(text, v));
}

// The first value whose text differs, or an empty string.
QString first_difference(const std::vector<double>& values) {
    for (double v : values) {
        const std::string expected = reference(v), actual = ours(v);
        if (expected != actual)
            return QString("%1 (bits %2): to_chars %3, write_shortest %4")
                .arg(v, 0, 'g', 17)
                .arg(std::bit_cast<std::uint64_t>(v), 16, 16, QChar('0'))
                .arg(QString::fromStdString(expected), QString::fromStdString(actual));
    }
    return {};
}

void add_with_neighbours(std::vector<double>& values, double v) {
    for (double x : {v, -v}) {
        values.push_back(x);
        values.push_back(std::nextafter(x, 0.0));
        values.push_back(std::nextafter(x, std::numeric_limits<double>::infinity()));
    }
}

}  // namespace

class TestShortestDouble : public QObject {
    Q_OBJECT
private slots:
    void specialValuesAndFormBoundaries() {
        std::vector<double> values = {0.0,
                                      -0.0,
                                      std::numeric_limits<double>::infinity(),
                                      -std::numeric_limits<double>::infinity(),
                                      std::numeric_limits<double>::quiet_NaN(),
                                      std::numeric_limits<double>::denorm_min(),
                                      std::numeric_limits<double>::min(),
                                      std::numeric_limits<double>::max(),
                                      std::numeric_limits<double>::epsilon()};
        for (int e = -330; e <= 310; ++e) add_with_neighbours(values, std::pow(10.0, e));     // fixed <-> scientific
        for (int e = -1074; e <= 1023; ++e) add_with_neighbours(values, std::ldexp(1.0, e));  // half-wide gap below
        for (int d = 1; d <= 9; ++d)
            for (int e = -12; e <= 20; ++e) add_with_neighbours(values, d * std::pow(10.0, e));
        const QString difference = first_difference(values);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    void shortDecimalsAndIntegers() {
        std::vector<double> values;
        for (int i = 1; i <= 100000; ++i) {
            values.push_back(i);               // integers: exact, trailing zeros
            values.push_back(i / 1000.0);      // three decimals: 0.001 .. 100
            values.push_back(i * 1e-7);        // scientific below 1e-4
            values.push_back(i * 1e12 + 0.5);  // halves near the 17-digit limit
        }
        const QString difference = first_difference(values);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    void valuesOfEveryScale() {
        std::mt19937_64 rng(2026);
        std::uniform_real_distribution<double> unit(1.0, 10.0), exponent(-20.0, 25.0);
        std::vector<double> values;
        for (int i = 0; i < 600000; ++i) {
            const double v = unit(rng) * std::pow(10.0, std::floor(exponent(rng)));
            values.push_back(i % 2 ? v : -v);
        }
        const QString difference = first_difference(values);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    // The exact path (not the fallback) takes the values of a recording: every
    // scale from 1e-9 to 1e17, and its digits read back to the value.
    void exactPathCoversTheRecordedRange() {
        std::mt19937_64 rng(5);
        std::uniform_real_distribution<double> unit(1.0, 10.0), exponent(-9.0, 17.0);
        for (int i = 0; i < 200000; ++i) {
            const double v = unit(rng) * std::pow(10.0, std::floor(exponent(rng)));
            std::uint64_t digits = 0;
            int power = 0;
            QVERIFY2(shortest_decimal(-v, digits, power), qPrintable(QString::number(v, 'g', 17)));
            const std::string text = std::to_string(digits) + "e" + std::to_string(power);
            double back = 0;
            std::from_chars(text.data(), text.data() + text.size(), back);
            QCOMPARE(back, v);
        }
        std::uint64_t digits = 0;
        int power = 0;
        QVERIFY(!shortest_decimal(1e-12, digits, power));
        QVERIFY(!shortest_decimal(1e20, digits, power));
        QVERIFY(!shortest_decimal(0.0, digits, power));
        QVERIFY(!shortest_decimal(std::numeric_limits<double>::infinity(), digits, power));
    }

    void randomBitPatterns() {
        std::mt19937_64 rng(11);
        std::vector<double> values;
        for (int i = 0; i < 300000; ++i) values.push_back(std::bit_cast<double>(rng()));
        // the range the fast path takes: exponents of 2^-40 .. 2^60, any mantissa
        std::uniform_int_distribution<int> biased(1023 - 40, 1023 + 60);
        for (int i = 0; i < 300000; ++i) {
            const std::uint64_t mantissa = rng() & ((std::uint64_t(1) << 52) - 1);
            values.push_back(std::bit_cast<double>((std::uint64_t(biased(rng)) << 52) | mantissa));
        }
        // integers of 2^56 .. 2^63: an odd mantissa excludes the upper end of its
        // interval, which is an integer there
        std::uniform_int_distribution<int> large(1023 + 56, 1023 + 62);
        for (int i = 0; i < 1000000; ++i) {
            const std::uint64_t mantissa = (rng() & ((std::uint64_t(1) << 52) - 1)) | 1;
            values.push_back(std::bit_cast<double>((std::uint64_t(large(rng)) << 52) | mantissa));
        }
        const QString difference = first_difference(values);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }
};

QTEST_APPLESS_MAIN(TestShortestDouble)
#include "test_shortest_double.moc"
