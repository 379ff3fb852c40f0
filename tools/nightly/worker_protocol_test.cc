#include "tools/nightly/worker_protocol.h"

#include <gtest/gtest.h>

namespace shaderdiff::nightly {
namespace {

using nlohmann::json;

// Encodes, splits at the newline, parses.
WorkerMessage RoundTrip(const std::string& encoded) {
  EXPECT_FALSE(encoded.empty());
  EXPECT_EQ(encoded.back(), '\n');
  EXPECT_EQ(encoded.find('\n'), encoded.size() - 1) << "one message, one line";
  WorkerMessage m;
  std::string error;
  EXPECT_TRUE(ParseWorkerMessage(encoded.substr(0, encoded.size() - 1), &m, &error)) << error;
  return m;
}

TEST(WorkerProtocol, TaskLineRoundTrip) {
  size_t k = 99, first = 99;
  const std::string line = TaskLine(1234, 1);
  ASSERT_EQ(line, "1234 1\n");
  ASSERT_TRUE(ParseTaskLine(line.substr(0, line.size() - 1), &k, &first));
  EXPECT_EQ(k, 1234u);
  EXPECT_EQ(first, 1u);
  for (const char* bad : {"", "1", "1 ", " 1", "1 x", "-1 0", "1 2 3", "18446744073709551616 0"}) {
    EXPECT_FALSE(ParseTaskLine(bad, &k, &first)) << bad;
  }
}

TEST(WorkerProtocol, MessagesRoundTrip) {
  ReferencePart ref;
  ref.entry = json{{"file", "shaders/x.tgsi"}, {"verdict", "pass"}, {"detail", "a\nb \"quoted\""}};
  ref.checks_follow = true;
  ref.vectors = 16;
  ref.seconds = 0.125;
  ref.lane_instructions = 1u << 20;
  WorkerMessage m = RoundTrip(ReferenceMessage(ref));
  EXPECT_EQ(m.kind, WorkerMessage::Kind::kReference);
  EXPECT_EQ(m.reference.entry, ref.entry);
  EXPECT_TRUE(m.reference.checks_follow);
  EXPECT_EQ(m.reference.vectors, 16u);
  EXPECT_EQ(m.reference.seconds, 0.125);
  EXPECT_EQ(m.reference.lane_instructions, 1u << 20);

  m = RoundTrip(CheckMessage({"a3xx/naive", json{{"verdict", "mismatch"}}, 2.5}));
  EXPECT_EQ(m.kind, WorkerMessage::Kind::kCheck);
  EXPECT_EQ(m.check.config, "a3xx/naive");
  EXPECT_EQ(m.check.check, (json{{"verdict", "mismatch"}}));
  EXPECT_EQ(m.check.seconds, 2.5);

  m = RoundTrip(ExceptionMessage("std::bad_alloc"));
  EXPECT_EQ(m.kind, WorkerMessage::Kind::kException);
  EXPECT_EQ(m.text, "std::bad_alloc");

  m = RoundTrip(DoneMessage());
  EXPECT_EQ(m.kind, WorkerMessage::Kind::kDone);
}

TEST(WorkerProtocol, RejectsAnythingElse) {
  WorkerMessage m;
  std::string error;
  for (const char* bad : {"", "{", "[]", "{}", "17", R"({"begin": "reference"})", R"({"exception": 3})",
                          R"({"reference": {}, "vectors": 1, "seconds": 0, "lane_instructions": 0})",
                          R"({"check": "a3xx/opt", "seconds": 0})", R"({"done": false})", R"({"what": 1})"}) {
    EXPECT_FALSE(ParseWorkerMessage(bad, &m, &error)) << bad;
    EXPECT_NE(error.find("malformed worker message"), std::string::npos) << error;
  }
}

TEST(WorkerProtocol, LineBufferHandsOutCompleteLines) {
  LineBuffer b;
  std::string line;
  EXPECT_FALSE(b.Next(&line));
  b.Append("ab", 2);
  EXPECT_FALSE(b.Next(&line));
  b.Append("c\nd\n\nef", 7);
  ASSERT_TRUE(b.Next(&line));
  EXPECT_EQ(line, "abc");
  ASSERT_TRUE(b.Next(&line));
  EXPECT_EQ(line, "d");
  ASSERT_TRUE(b.Next(&line));
  EXPECT_EQ(line, "");
  EXPECT_FALSE(b.Next(&line));  // "ef" has no newline yet
  std::string big(100000, 'x');
  big += '\n';
  for (int i = 0; i < 3; ++i) b.Append(big.data(), big.size());
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(b.Next(&line));
    EXPECT_EQ(line.size(), i == 0 ? 100002u : 100000u);
  }
  EXPECT_FALSE(b.Next(&line));
}

}  // namespace
}  // namespace shaderdiff::nightly
