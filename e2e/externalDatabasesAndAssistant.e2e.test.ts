import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  startFakeLlm,
  type FakeLlm,
} from "../server/integrations/llm/testing/fakeLlm";
import {
  startMariadb,
  type MariadbServer,
} from "../server/testing/mariadbServer";
import { POSTGRES_TIMESERIES_TYPE_UUID } from "../server/timeseries/registry";
import {
  ADMIN,
  ADMIN_PASSWORD,
  prepareAdmin,
  type AdminApi,
} from "./support/adminApi";
import { launchBrowser, newContext } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";
import { until } from "./support/until";

// External databases and the AI assistant against the real server, a real MariaDB and a local
// OpenAI-compatible model (DOMAIN.md §9, §10). An administrator configures a MariaDB as an external
// database: its test passes every step, a wrong password fails at authenticate (and no password
// shows in the page or the server's log), the query preview reads rows between :StartTime and
// :StopTime and refuses a write. Then the administrator sets the assistant up and asks it how many
// measurements there are: the answer quotes the tool's result, with the API call under it. A user
// with READ_LLM but without READ_MEASUREMENTS asks the same and sees the historian refuse (403).
// Every tool call is in the audit log, naming the user.

const DB_USER = "mes_reader";
const DB_PASSWORD = "Right-mes-pass-1";
const WRONG_PASSWORD = "Wrong-mes-pass-2";
const DB_NAME = "mes";
const API_KEY = "sk-e2e-fake-key-123";
const MODEL = "fake-model";
const RITA = "rita";
const RITA_PASSWORD = "Rita-assistant-e2e-1";
const MEASUREMENT = "Reactor.Temperature";
const HOUR = 3_600_000;

let mariadb: MariadbServer;
let llm: FakeLlm;
let server: RunningServer;
let browser: Browser;
let admin: AdminApi;
let organization: string;
let adminPage: Page;
let adminContext: BrowserContext;
let pageErrors: string[];

interface Created {
  UUID: string;
}

beforeAll(async () => {
  [mariadb, llm, server, browser] = await Promise.all([
    startMariadb(),
    startFakeLlm({ apiKey: API_KEY, model: MODEL }),
    startServer(),
    launchBrowser(),
  ]);
  await mariadb.createUser(DB_USER, DB_PASSWORD, DB_NAME);
  await mariadb.query(
    `CREATE TABLE ${DB_NAME}.batches (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, t DATETIME NOT NULL)`,
  );
  // Two batches of the last hours and one of ten days ago, which the time range leaves out.
  await mariadb.query(
    `INSERT INTO ${DB_NAME}.batches VALUES (1, 'B-1001', NOW() - INTERVAL 2 HOUR), (2, 'B-1002', NOW() - INTERVAL 30 MINUTE), (3, 'B-0900', NOW() - INTERVAL 10 DAY)`,
  );

  admin = await prepareAdmin(server.url);
  const [root] = await admin.json<Created[]>(
    "GET",
    "/current-user/organizations",
  );
  organization = root.UUID;
  const post = <T = Created>(path: string, body: unknown) =>
    admin.json<T>("POST", path, { organization, body });
  // One measurement for the assistant to find.
  const database = await post("/timeseries-databases?createDatabase=true", {
    Name: "Plant history",
    TimeseriesDatabaseTypeUUID: POSTGRES_TIMESERIES_TYPE_UUID,
    Settings: { mode: "builtin" },
  });
  const collector = await post("/collectors", { Name: "Reactor PLC" });
  await post("/measurements", {
    Name: MEASUREMENT,
    CollectorUUID: collector.UUID,
    DatabaseUUID: database.UUID,
    Datatype: "number",
    Status: "Active",
    Settings: {},
  });

  // Rita may use the assistant, but not read measurements.
  const catalogue = await admin.json<(Created & { Name: string })[]>(
    "GET",
    "/privileges",
  );
  const readLlm = catalogue.find(
    (privilege) => privilege.Name === "READ_LLM",
  )?.UUID;
  const group = await post("/user-groups", { Name: "Assistant users" });
  await admin.json("PUT", `/user-groups/${group.UUID}/privileges`, {
    organization,
    body: { PrivilegeUUIDs: [readLlm] },
  });
  const rita = await post("/users", { Name: RITA, Password: RITA_PASSWORD });
  await post("/user-group-users", {
    UserGroupUUID: group.UUID,
    UserUUID: rita.UUID,
  });

  ({
    context: adminContext,
    page: adminPage,
    errors: pageErrors,
  } = await newContext(browser, server.url));
}, 180_000);

afterAll(async () => {
  await adminContext?.close();
  await browser?.close();
  await server?.stop();
  await llm?.close();
  await mariadb?.stop();
}, 60_000);

async function signIn(
  page: Page,
  name: string,
  password: string,
  path: string,
) {
  await page.goto(`/#${path}`);
  await page.getByLabel("User name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation", { name: "Main navigation" }).waitFor();
}

/** A datetime-local value (the browser's time zone is the machine's, as is this process's). */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const batchCount = async () =>
  (
    (await mariadb.query(`SELECT COUNT(*) AS n FROM ${DB_NAME}.batches`)) as {
      n: number;
    }[]
  )[0].n;

describe("external databases in the browser", () => {
  const page = () => adminPage;
  const connectionTest = () =>
    page().getByRole("region", { name: "Connection test" });

  it("creates a MariaDB external database, tests it, and a wrong password fails at authenticate", async () => {
    await signIn(
      page(),
      ADMIN,
      ADMIN_PASSWORD,
      "/configuration/external_database",
    );
    await page()
      .getByRole("heading", { level: 1, name: "Create external database" })
      .waitFor();
    await page()
      .getByRole("textbox", { name: "Name", exact: true })
      .fill("MES");
    await page().getByLabel(/^Kind/).selectOption({ label: "MySQL / MariaDB" });
    await page()
      .getByRole("textbox", { name: "Host", exact: true })
      .fill(mariadb.host);
    await page()
      .getByRole("spinbutton", { name: "Port", exact: true })
      .fill(String(mariadb.port));
    await page()
      .getByRole("textbox", { name: "Database", exact: true })
      .fill(DB_NAME);
    await page()
      .getByRole("textbox", { name: "User name", exact: true })
      .fill(DB_USER);
    const password = page().getByLabel("Password", { exact: true });
    await password.fill(DB_PASSWORD);

    await page().getByRole("button", { name: "Test the connection" }).click();
    await connectionTest().getByText("The connection test passed.").waitFor();
    const steps = await connectionTest()
      .getByRole("listitem")
      .allTextContents();
    expect(
      steps.map((step) => step.replace(/^✓ /, "").replace(/: passed.*$/, "")),
    ).toEqual(["reach", "TLS", "authenticate", "query"]);
    expect(steps.join("\n")).toContain(
      `authenticate: passed — signed in as ${DB_USER} to ${DB_NAME}`,
    );

    await password.fill(WRONG_PASSWORD);
    await page().getByRole("button", { name: "Test the connection" }).click();
    await connectionTest()
      .getByText("The connection test failed at the step authenticate.")
      .waitFor();
    const failed = await connectionTest()
      .getByRole("listitem")
      .allTextContents();
    // reach and TLS passed, authenticate failed, and the query was not tried.
    expect(
      failed.map((step) => step.replace(/^[✓✗] /, "").replace(/ — .*$/, "")),
    ).toEqual(["reach: passed", "TLS: passed", "authenticate: failed"]);

    await password.fill(DB_PASSWORD);
    await page().getByRole("button", { name: "Save" }).click();
    // A new database stays open on its editor, which now has the query preview.
    await page()
      .getByRole("heading", { level: 1, name: "Edit external database" })
      .waitFor();

    // Neither password is shown anywhere, nor written to the server's log.
    const text = (await page().locator("body").textContent()) ?? "";
    for (const secret of [DB_PASSWORD, WRONG_PASSWORD]) {
      expect(text).not.toContain(secret);
      expect(server.output()).not.toContain(secret);
    }
  });

  it("lists the saved database", async () => {
    await page().goto("/#/configuration/external_databases");
    const row = page().getByRole("row", { name: /MES/ });
    await row.waitFor();
    expect(await row.textContent()).toContain("MySQL / MariaDB");
    expect(await row.textContent()).toContain(mariadb.host);
    await row.getByRole("button", { name: "Edit external database" }).click();
    await page()
      .getByRole("heading", { level: 1, name: "Edit external database" })
      .waitFor();
  });

  it("the query preview reads the rows between StartTime and StopTime, and refuses a write", async () => {
    const preview = page().getByRole("region", { name: "Query preview" });
    await preview
      .getByLabel("Query", { exact: true })
      .fill(
        `SELECT id, name, t FROM batches WHERE t BETWEEN :StartTime AND :StopTime ORDER BY id`,
      );
    await preview
      .getByLabel("StartTime")
      .fill(localInput(Date.now() - 6 * HOUR));
    await preview.getByLabel("StopTime").fill(localInput(Date.now() + HOUR));
    await preview.getByRole("button", { name: "Run" }).click();
    const table = preview.getByRole("table", { name: "Query result" });
    await table.waitFor();
    await preview
      .getByRole("status")
      .getByText(/^2 rows in/)
      .waitFor();
    const cells = await table.getByRole("cell").allTextContents();
    expect(cells).toEqual(
      expect.arrayContaining(["1", "B-1001", "2", "B-1002"]),
    );
    expect(cells).not.toContain("B-0900");

    await preview
      .getByLabel("Query", { exact: true })
      .fill("DELETE FROM batches");
    await preview.getByRole("button", { name: "Run" }).click();
    const alert = preview.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      "The query failed at the step query — The query tried to change data; queries run read-only.",
    );
    expect(
      await preview.getByRole("table", { name: "Query result" }).count(),
    ).toBe(0);
    expect(await batchCount()).toBe(3);
    expect(pageErrors).toEqual([]);
  });
});

interface AuditEntry {
  SubjectType: string;
  UserName: string;
  Area: string;
}

describe("the AI assistant in the browser", () => {
  const page = () => adminPage;

  it("the administrator configures the assistant, tests it and saves", async () => {
    await page().goto("/#/configuration/ai");
    await page()
      .getByRole("heading", { level: 1, name: "AI configuration" })
      .waitFor();
    await page()
      .getByLabel(/^Enabled/)
      .check();
    await page()
      .getByLabel(/^Provider/)
      .selectOption("openai_compatible");
    await page()
      .getByRole("textbox", { name: "Base URL", exact: true })
      .fill(llm.baseUrl);
    await page()
      .getByRole("textbox", { name: "Model", exact: true })
      .fill(MODEL);
    await page()
      .getByLabel(/^API key/)
      .fill(API_KEY);
    const tools = page().getByRole("group", { name: "Allowed tools" });
    await tools.getByRole("checkbox", { name: "list_measurements" }).check();

    await page().getByRole("button", { name: "Test", exact: true }).click();
    const connectionTest = page().getByRole("region", {
      name: "Connection test",
    });
    await connectionTest.getByText("The connection test passed.").waitFor();
    const steps = await connectionTest.getByRole("listitem").allTextContents();
    expect(
      steps.map((step) => step.replace(/^✓ /, "").replace(/ — .*$/, "")),
    ).toEqual([
      "reach: passed",
      "authenticate: passed",
      "model: passed",
      "tool calling: passed",
    ]);

    await page().getByRole("button", { name: "Save" }).click();
    await until(async () => {
      const saved = await admin.json<{
        Enabled: boolean;
        AllowedTools: string[];
        StoredSecureSettings?: string[];
      }>("GET", "/llm-configuration", { organization });
      return (
        saved.Enabled &&
        saved.AllowedTools.includes("list_measurements") &&
        (saved.StoredSecureSettings ?? []).includes("ApiKey")
      );
    }, "the saved AI configuration");
    expect(await page().locator("body").textContent()).not.toContain(API_KEY);
    expect(server.output()).not.toContain(API_KEY);
  });

  async function ask(page: Page, question: string) {
    await page.getByRole("button", { name: "Assistant", exact: true }).click();
    const panel = page.locator("#assistant-panel");
    await panel.getByLabel("Your question").fill(question);
    await panel.getByRole("button", { name: "Send" }).click();
    const answer = panel.locator(".assistant-message.assistant").last();
    await answer.waitFor();
    return answer;
  }

  it("answers the administrator from the measurements, with the API call under the answer", async () => {
    const answer = await ask(page(), "How many measurements are there?");
    expect(await answer.locator(".assistant-text").textContent()).toBe(
      `I found 1 measurements: ${MEASUREMENT}.`,
    );
    const calls = answer.getByRole("region", { name: "1 API call" });
    const call = calls.getByRole("listitem");
    expect(await call.locator(".assistant-tool-name").textContent()).toBe(
      "list_measurements",
    );
    expect(await call.locator("code").textContent()).toMatch(
      /^GET \/api\/measurements/,
    );
    expect(await call.getByText("HTTP 200").count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it("a user without READ_MEASUREMENTS sees the historian refuse the tool call", async () => {
    const {
      context,
      page: ritaPage,
      errors,
    } = await newContext(browser, server.url);
    try {
      await signIn(ritaPage, RITA, RITA_PASSWORD, "/");
      const answer = await ask(ritaPage, "How many measurements are there?");
      expect(await answer.locator(".assistant-text").textContent()).toMatch(
        /^The historian refused: 403/,
      );
      const call = answer
        .getByRole("region", { name: "1 API call" })
        .getByRole("listitem");
      expect(await call.locator(".assistant-tool-name").textContent()).toBe(
        "list_measurements",
      );
      expect(await call.getByText("HTTP 403").count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the audit log holds a tool call of each user", async () => {
    const entries = await admin.json<AuditEntry[]>(
      "GET",
      "/audit-logs?Limit=100&Areas[]=Llm",
      { organization },
    );
    const calls = entries.filter(
      (entry) => entry.SubjectType === "LlmToolCall",
    );
    expect(calls.every((entry) => entry.Area === "Llm")).toBe(true);
    expect(calls.map((entry) => entry.UserName).sort()).toEqual([ADMIN, RITA]);
  });
});
