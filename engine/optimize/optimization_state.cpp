#include "optimize/optimization_state.h"

#include "format/read_text_file.h"
#include "io/text_file.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <map>
#include <sstream>

namespace hfd {
namespace {

constexpr const char* format_line = "hfd_optimization_state 1";

void append_line(std::string& out, const char* key, const double* values, long count) {
    out += key;
    for (long i = 0; i < count; ++i) {
        out += ' ';
        append_number(out, values[i]);
    }
    out += '\n';
}

void append_vector(std::string& out, const char* key, const Eigen::VectorXd& v) {
    append_line(out, key, v.data(), v.size());
}

void append_matrix(std::string& out, const char* key, const Eigen::MatrixXd& m) {
    for (long i = 0; i < m.rows(); ++i) {
        const Eigen::VectorXd row = m.row(i);
        append_vector(out, key, row);
    }
}

void append_integer(std::string& out, const char* key, long long value) {
    out += key;
    out += ' ' + std::to_string(value) + '\n';
}

struct Line {
    int number = 0;
    std::vector<std::string> tokens;  // after the key
};

class StateReader {
public:
    StateReader(std::string path, const std::string& text) : path_(std::move(path)) {
        std::istringstream lines(text);
        std::string line;
        int number = 0;
        while (std::getline(lines, line)) {
            ++number;
            std::istringstream words(line);
            std::string key, word;
            if (!(words >> key) || key[0] == '#') continue;
            Line entry{number, {}};
            while (words >> word) entry.tokens.push_back(word);
            if (number == 1 || lines_.empty()) first_line_ = line;
            lines_[key].push_back(std::move(entry));
        }
    }

    const std::string& first_line() const { return first_line_; }
    bool ok() const { return error_.empty(); }
    const std::string& error() const { return error_; }

    void check_known(const std::vector<std::string>& keys) {
        for (const auto& [key, entries] : lines_)
            if (std::find(keys.begin(), keys.end(), key) == keys.end())
                fail(entries.front().number, "unknown key '" + key + "'");
    }

    // The values of a key that appears `rows` times (1 for a scalar or vector).
    std::vector<std::vector<double>> numbers(const std::string& key, size_t rows, long columns) {
        auto it = lines_.find(key);
        if (it == lines_.end()) {
            fail(0, "missing '" + key + "'");
            return {};
        }
        if (it->second.size() != rows) {
            fail(it->second.back().number, "'" + key + "' appears " + std::to_string(it->second.size()) +
                                               " times, expected " + std::to_string(rows));
            return {};
        }
        std::vector<std::vector<double>> result;
        for (const Line& line : it->second) {
            if (columns >= 0 && long(line.tokens.size()) != columns) {
                fail(line.number, "'" + key + "' has " + std::to_string(line.tokens.size()) + " values, expected " +
                                      std::to_string(columns));
                return {};
            }
            std::vector<double> row;
            for (const std::string& token : line.tokens) {
                double value = 0;
                const char* end = token.data() + token.size();
                auto [ptr, ec] = std::from_chars(token.data(), end, value);
                if (ec != std::errc() || ptr != end) {
                    fail(line.number, "'" + token + "' is not a number");
                    return {};
                }
                row.push_back(value);
            }
            result.push_back(std::move(row));
        }
        return result;
    }

    double number(const std::string& key) {
        auto rows = numbers(key, 1, 1);
        return rows.empty() ? 0 : rows[0][0];
    }

    long long integer(const std::string& key) {
        const double value = number(key);
        if (ok() && (value != double(static_cast<long long>(value)) || value < 0))
            fail(lines_[key].front().number, "'" + key + "' must be a non-negative integer");
        return static_cast<long long>(value);
    }

    Eigen::VectorXd vector(const std::string& key, int n) {
        auto rows = numbers(key, 1, n);
        Eigen::VectorXd v = Eigen::VectorXd::Zero(n);
        if (!rows.empty()) v = Eigen::Map<Eigen::VectorXd>(rows[0].data(), n);
        return v;
    }

    Eigen::MatrixXd matrix(const std::string& key, int n) {
        Eigen::MatrixXd m = Eigen::MatrixXd::Zero(n, n);
        auto rows = numbers(key, size_t(n), n);
        for (int i = 0; i < int(rows.size()); ++i)
            for (int j = 0; j < n; ++j) m(i, j) = rows[i][j];
        return m;
    }

    std::vector<std::uint64_t> hex_words(const std::string& key, size_t count) {
        std::vector<std::uint64_t> words;
        auto it = lines_.find(key);
        if (it == lines_.end() || it->second.size() != 1 || it->second[0].tokens.size() != count) {
            fail(it == lines_.end() ? 0 : it->second[0].number,
                 "'" + key + "' must be one line of " + std::to_string(count) + " hexadecimal words");
            return std::vector<std::uint64_t>(count, 0);
        }
        for (const std::string& token : it->second[0].tokens) {
            std::uint64_t word = 0;
            const char* end = token.data() + token.size();
            auto [ptr, ec] = std::from_chars(token.data(), end, word, 16);
            if (ec != std::errc() || ptr != end)
                fail(it->second[0].number, "'" + token + "' is not a hexadecimal word");
            words.push_back(word);
        }
        return words;
    }

    void fail(int line, const std::string& message) {
        if (!error_.empty()) return;  // the first problem is the one to fix
        error_ = path_;
        if (line > 0) error_.append(":").append(std::to_string(line));
        error_.append(": ").append(message);
    }

private:
    std::string path_;
    std::string first_line_;
    std::map<std::string, std::vector<Line>> lines_;
    std::string error_;
};

}  // namespace

bool write_optimization_state(const std::string& path, const CmaEs& cma, const RunProgress& progress,
                              std::string* error) {
    const CmaState& s = cma.state();
    std::string out = std::string(format_line) + "\n";
    out += "# CMA-ES state: resume with the same settings (docs/optimization.md)\n";
    append_integer(out, "dimension", cma.dimension());
    append_integer(out, "lambda", cma.lambda());
    append_integer(out, "mu", cma.mu());
    append_integer(out, "generation", s.generation);
    append_integer(out, "evaluations", s.evaluations);
    append_line(out, "sigma", &s.sigma, 1);
    append_vector(out, "mean", s.mean);
    append_vector(out, "path_sigma", s.path_sigma);
    append_vector(out, "path_c", s.path_c);
    append_matrix(out, "covariance", s.covariance);
    append_integer(out, "eigen_generation", s.eigen_generation);
    append_matrix(out, "eigenvectors", s.eigenvectors);
    append_vector(out, "axis_lengths", s.axis_lengths);
    out += "random_state";
    for (std::uint64_t word : s.random.words) {
        char text[24];
        std::snprintf(text, sizeof text, " %016llx", static_cast<unsigned long long>(word));
        out += text;
    }
    out += '\n';
    append_integer(out, "random_has_spare", s.random.has_spare_normal ? 1 : 0);
    append_line(out, "random_spare", &s.random.spare_normal, 1);
    append_line(out, "best_fitness", &progress.best_fitness, 1);
    append_integer(out, "best_generation", progress.best_generation);
    append_line(out, "best_parameters", progress.best_parameters.data(), long(progress.best_parameters.size()));
    append_line(out, "generation_bests", progress.generation_bests.data(), long(progress.generation_bests.size()));
    return write_file_streamed(
        path, [&](const TextSink& sink) { return sink(out); }, error);
}

bool read_optimization_state(const std::string& path, const CmaEs& cma, CmaState& s, RunProgress& progress,
                             std::string* error) {
    const std::optional<std::string> text = read_text_file(path);
    if (!text) {
        if (error) *error = path + ": cannot be read";
        return false;
    }
    StateReader in(path, *text);
    if (in.first_line() != format_line)
        in.fail(1, "not an optimization state (expected '" + std::string(format_line) + "')");
    in.check_known({"hfd_optimization_state",
                    "dimension",
                    "lambda",
                    "mu",
                    "generation",
                    "evaluations",
                    "sigma",
                    "mean",
                    "path_sigma",
                    "path_c",
                    "covariance",
                    "eigen_generation",
                    "eigenvectors",
                    "axis_lengths",
                    "random_state",
                    "random_has_spare",
                    "random_spare",
                    "best_fitness",
                    "best_generation",
                    "best_parameters",
                    "generation_bests"});
    const int n = cma.dimension();
    const auto check = [&](const char* key, long long expected) {
        const long long value = in.integer(key);
        if (in.ok() && value != expected)
            in.fail(0, std::string(key) + " is " + std::to_string(value) + " but the settings give " +
                           std::to_string(expected));
    };
    check("dimension", n);
    check("lambda", cma.lambda());
    check("mu", cma.mu());
    if (!in.ok()) {
        if (error) *error = in.error();
        return false;
    }
    s.generation = int(in.integer("generation"));
    s.evaluations = in.integer("evaluations");
    s.sigma = in.number("sigma");
    s.mean = in.vector("mean", n);
    s.path_sigma = in.vector("path_sigma", n);
    s.path_c = in.vector("path_c", n);
    s.covariance = in.matrix("covariance", n);
    s.eigen_generation = int(in.integer("eigen_generation"));
    s.eigenvectors = in.matrix("eigenvectors", n);
    s.axis_lengths = in.vector("axis_lengths", n);
    const std::vector<std::uint64_t> words = in.hex_words("random_state", 4);
    for (size_t i = 0; i < 4 && i < words.size(); ++i) s.random.words[i] = words[i];
    s.random.has_spare_normal = in.integer("random_has_spare") != 0;
    s.random.spare_normal = in.number("random_spare");
    progress.best_fitness = in.number("best_fitness");
    progress.best_generation = int(in.integer("best_generation"));
    const auto best = in.numbers("best_parameters", 1, -1);
    if (!best.empty()) progress.best_parameters = best[0];
    if (in.ok() && !progress.best_parameters.empty() && int(progress.best_parameters.size()) != n)
        in.fail(0, "best_parameters has " + std::to_string(progress.best_parameters.size()) + " values, expected " +
                       std::to_string(n));
    const auto bests = in.numbers("generation_bests", 1, -1);
    if (!bests.empty()) progress.generation_bests = bests[0];
    if (in.ok() && !(s.sigma > 0)) in.fail(0, "sigma must be positive");
    if (!in.ok()) {
        if (error) *error = in.error();
        return false;
    }
    return true;
}

}  // namespace hfd
