//! What the browser tests share: Debian's `chromium` driven through `chromium-driver`
//! (WebDriver, by fantoccini), headless, at a screen size of the test's; scripts run in
//! the page, waits with a hang guard, taps, and axe-core's serious and critical findings.
//! Without chromium and chromedriver a test says so and passes on a developer's machine,
//! and fails under CI (`CI=true`).
#![allow(dead_code)]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};

/// A program on the PATH, by its first name found.
fn which(names: &[&str]) -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

/// chromedriver on a free port, killed when dropped.
pub struct Driver {
    child: Child,
    /// The port chromedriver listens on, on 127.0.0.1.
    pub port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts chromedriver, or says why not: `None` on a machine without chromium (a
/// developer's), a failure under CI.
pub fn driver() -> Option<Driver> {
    let found = (
        which(&["chromedriver"]),
        which(&["chromium", "chromium-browser"]),
    );
    let (Some(chromedriver), Some(_)) = found else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI needs chromium and chromedriver for the browser tests (apt-get install chromium chromium-driver)"
        );
        eprintln!("skipped: chromium or chromedriver not installed (apt-get install chromium chromium-driver)");
        return None;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(chromedriver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "chromedriver did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    Some(Driver { child, port })
}

/// A headless chromium showing pages on a screen `width` × `height` CSS pixels.
pub async fn screen(driver: &Driver, width: u32, height: u32) -> Client {
    let mut args = vec![
        "--headless=new",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--hide-scrollbars",
    ];
    // as root (CI), chromium runs only without its sandbox
    if is_root() {
        args.push("--no-sandbox");
    }
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "args": args,
            "mobileEmulation": {
                "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0, "touch": width < 800 },
                "userAgent": "Mozilla/5.0 (Linux; Android 14) golf-test"
            }
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("chromedriver refused a session")
}

/// Whether the tests run as root (CI): chromium then runs only without its sandbox.
pub fn is_root() -> bool {
    std::env::var("USER").as_deref() == Ok("root")
        || Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// What `js` (a function body) returns in the page.
pub async fn script(c: &Client, js: &str) -> serde_json::Value {
    c.execute(js, vec![]).await.unwrap()
}

/// Waits until `js` returns true (a hang guard of `limit`, not a speed asked for).
pub async fn until(c: &Client, js: &str, limit: Duration) {
    let start = Instant::now();
    loop {
        if script(c, js).await == serde_json::Value::Bool(true) {
            return;
        }
        if start.elapsed() >= limit {
            let state = script(
                c,
                "return [location.href, document.body.innerText.slice(0, 600)]",
            )
            .await;
            panic!("not within {limit:?}: {js}\nthe page: {state}");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Taps the element `css`.
pub async fn tap(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .click()
        .await
        .unwrap();
}

/// axe-core's serious and critical violations on the page shown, one line each
/// (`tests/browser-tools`, installed by `npm ci --prefix tests/browser-tools`); `None`
/// where axe-core is not installed (outside CI).
pub async fn axe(c: &Client) -> Option<Vec<String>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/browser-tools/node_modules/axe-core/axe.min.js"
    );
    let Ok(source) = std::fs::read_to_string(path) else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI needs axe-core: npm ci --prefix tests/browser-tools"
        );
        eprintln!("axe skipped: npm ci --prefix tests/browser-tools installs axe-core");
        return None;
    };
    c.execute(&format!("{source}\n;return typeof axe"), vec![])
        .await
        .unwrap();
    let found = c
        .execute_async(
            "var done = arguments[arguments.length - 1];
            axe.run(document, { resultTypes: ['violations'] })
              .then(r => done(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
                .map(v => v.impact + ' ' + v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', '))))
              .catch(e => done(['axe failed: ' + e]))",
            vec![],
        )
        .await
        .unwrap();
    Some(serde_json::from_value(found).unwrap())
}

/// A runtime for one test's browser work.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}
