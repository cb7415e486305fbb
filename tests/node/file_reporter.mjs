// A node --test reporter for tests/test_page_modules_node.py: one JSON line per event that names its test file (a
// test passed or failed, a line the file printed), so one run of every file still says which file failed and why.
import { inspect } from "node:util";

export default async function* fileReporter(source) {
  for await (const { type, data } of source) {
    if (!data?.file) continue;
    if (type === "test:pass" || type === "test:fail") {
      const error = type === "test:fail" ? inspect(data.details?.error, { depth: 6 }) : undefined;
      yield `${JSON.stringify({ type, file: data.file, name: data.name, nesting: data.nesting, error })}\n`;
    } else if (type === "test:stdout" || type === "test:stderr") {
      yield `${JSON.stringify({ type, file: data.file, message: data.message })}\n`;
    }
  }
}
