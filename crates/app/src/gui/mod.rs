//! The window: winit events in, a [`Session`] in the middle, the board (wgpu) and the
//! panels (egui) out. Pointer and keys reach the board unless egui is using them; the
//! computer thinks on its own thread, so the window is redrawn on a timer while it does.

mod access;
mod analysis;
mod camera;
mod clocks;
mod editor;
mod explorer;
mod gpu;
mod input;
mod online;
mod online_form;
mod online_game;
mod panels;
mod picker;
mod players;
mod pointer;
mod puzzles;
mod tab;
mod tabs;
mod trust;
mod view_options;
mod warnings;
mod welcome;
mod widgets;

use crate::session::scorebook::Scorebook;
use crate::session::{Player, Session};
use camera::CameraRig;
use chess4d_core::Color;
use chess4d_engine::Level;
use chess4d_render::{BoardGeometry, FlatLayout, Rect, View};
use chess4d_variants::Catalog;
use gpu::Gpu;
use std::sync::Arc;
use std::time::{Duration, Instant};
use winit::application::ApplicationHandler;
use winit::event::{StartCause, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::window::{Window, WindowId};

/// How the viewer starts.
#[derive(Clone, Debug)]
pub struct ViewerOptions {
    /// Catalog name or variant file.
    pub variant: String,
    /// Who plays White.
    pub white: Player,
    /// Who plays Black.
    pub black: Player,
    /// The computer's level, 1 to 8.
    pub level: u8,
    /// Inner window size in pixels.
    pub window_size: [u32; 2],
    /// Print the flat view's square centres (window pixels) once laid out, for scripts.
    pub print_squares: bool,
    /// The folder of the games and ratings archive; `None`: `CHESS4D_DATA_DIR`, else
    /// the platform's data folder.
    pub data_dir: Option<std::path::PathBuf>,
    /// Trust a rule plugin outside the trusted places without asking (`--trust-plugin`).
    pub trust_plugin: bool,
    /// Start in the analysis mode (gui/analysis.rs).
    pub analyse: bool,
    /// An external UCI engine for the computer and the analysis (session/engines.rs).
    pub engine: Option<std::path::PathBuf>,
    /// Start on the Puzzles tab with this shipped puzzle (`full-0001`).
    pub puzzle: Option<String>,
    /// Connect to a server at start (`--server`), and how to sign in.
    pub online: Option<OnlineStart>,
}

/// A server to connect to at start, and how to sign in (`--server`, `--guest`, `--user`).
#[derive(Clone, Debug)]
pub struct OnlineStart {
    /// `HOST:PORT`.
    pub server: String,
    /// The account's name (none for a guest).
    pub name: Option<String>,
    /// How to sign in when no session for this name is kept in the data folder.
    pub sign_in: crate::online::SignIn,
}

impl Default for ViewerOptions {
    fn default() -> Self {
        ViewerOptions {
            variant: chess4d_variants::DEFAULT_VARIANT.into(),
            white: Player::Human,
            black: Player::Computer,
            level: 3,
            window_size: [1280, 800],
            print_squares: false,
            data_dir: None,
            trust_plugin: false,
            analyse: false,
            engine: None,
            puzzle: None,
            online: None,
        }
    }
}

/// Opens the viewer and runs until the window closes. Fails with a message (never a
/// panic) when there is no display or no graphics adapter.
pub fn run(opts: ViewerOptions) -> Result<(), String> {
    let mut catalog = Catalog::standard();
    // Trusted plugins are kept in the data folder; a library never trusted is asked about.
    if let Ok(archive) = crate::ratings::archive_path(opts.data_dir.as_deref())
        && let Some(dir) = archive.parent()
    {
        catalog.set_trust(
            chess4d_variants::PluginTrust::in_data_dir(dir).trusting_new(opts.trust_plugin),
        );
    }
    let mut dirs = Catalog::search_dirs();
    // A variant file given by path is watched too, wherever it lives.
    if let Some(parent) = crate::session::variant_file(&opts.variant).and_then(|p| p.parent()) {
        let parent = if parent.as_os_str().is_empty() {
            std::path::Path::new(".")
        } else {
            parent
        };
        if !dirs.iter().any(|d| d == parent) {
            dirs.push(parent.to_path_buf());
        }
    }
    let mut session = Session::new(catalog, &opts.variant)?;
    session.set_player(Color::White, opts.white);
    session.set_player(Color::Black, opts.black);
    session.set_level(Level::new(opts.level).map_err(|e| e.to_string())?);
    session.watch(dirs);
    crate::session::engines::apply_start_options(&mut session, opts.engine.clone(), opts.analyse);
    let book = Scorebook::open(opts.data_dir.as_deref())
        .map_err(|e| format!("cannot keep games even in memory: {e}"))?;
    if let Some(e) = book.open_error() {
        eprintln!("chess4d: {e}");
    }
    // A puzzle id the sets lack is refused before any window opens.
    let puzzle = opts
        .puzzle
        .as_deref()
        .map(|id| puzzles::start_with(&mut session, id));
    let puzzle = puzzle.transpose()?;
    let event_loop = EventLoop::new().map_err(|e| {
        format!(
            "cannot open a window ({}); is there a display? Set DISPLAY or \
             WAYLAND_DISPLAY, or run under `xvfb-run -a`",
            e.to_string().trim_end_matches('.')
        )
    })?;
    let data_dir = crate::ratings::archive_path(opts.data_dir.as_deref())
        .ok()
        .and_then(|p| p.parent().map(std::path::Path::to_path_buf));
    let online_start = opts.online.clone();
    let mut app = App::new(session, book, opts);
    app.ui.online.link.data_dir = data_dir;
    if let Some(start) = online_start {
        // online.rs: the token kept in the data folder brings back games in progress.
        app.ui.online.server = start.server.clone();
        app.ui.online.name = start.name.clone().unwrap_or_default();
        app.ui
            .online
            .link
            .connect(&start.server, start.name.as_deref(), start.sign_in);
        app.ui.tab = panels::Tab::Online;
        app.ui.welcome = false;
    }
    if let Some(variant) = puzzle {
        app.ui.tab = panels::Tab::Puzzles; // puzzles.rs
        app.ui.puzzles.variant = Some(variant);
    }
    event_loop
        .run_app(&mut app)
        .map_err(|e| format!("the window's event loop failed: {e}"))?;
    match app.error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Settings of the panels that are not part of the game.
pub struct UiState {
    /// Which views are drawn.
    pub view: View,
    /// Dark or light board.
    pub theme: chess4d_render::Theme,
    /// The side panel's tab.
    pub tab: panels::Tab,
    /// File name for saving and loading.
    pub save_path: String,
    /// Position typed for "start from position".
    pub fen: String,
    /// Adapter name, for the View tab.
    pub adapter: String,
    /// The Players tab's state.
    pub players: players::PlayersState,
    /// Whether the side panel is shown (it folds away in a small window).
    pub panel_open: bool,
    /// An action waiting for the player's yes (resign, draw offer).
    pub confirm: Option<panels::Confirm>,
    /// Where named buttons were drawn this frame (points), for scripts.
    pub probes: Vec<(&'static str, egui::Pos2)>,
    /// Fit the board to the view on the next frame (the Fit button, key F).
    pub fit_requested: bool,
    /// The W layer the tesseract brings forward (the others faint), if any.
    pub focus_w: Option<u8>,
    /// The first start's card (welcome.rs) is shown.
    pub welcome: bool,
    /// The Puzzles tab's choices (puzzles.rs).
    pub puzzles: puzzles::PuzzlesUi,
    /// The Online tab: the client and its form (online.rs).
    pub online: online::OnlineUi,
}

struct App {
    session: Session,
    book: Scorebook,
    opts: ViewerOptions,
    ui: UiState,
    rig: CameraRig,
    window: Option<Arc<Window>>,
    gpu: Option<Gpu>,
    egui_ctx: egui::Context,
    egui_state: Option<egui_winit::State>,
    input: input::Pointer,
    board_area: Rect,
    last_frame: Instant,
    title: String,
    /// The board's rectangle and turn when the square centres were last printed
    /// (scripts): an online game as Black turns the board.
    printed_area: Option<(Rect, bool)>,
    /// What the script output last said (probes and messages), so each is said once.
    said: Vec<String>,
    /// Whether the camera was fitted to the first frame's board rectangle.
    printed_fit: bool,
    /// The view the camera's zoom belongs to: each view keeps its own.
    zoom_view: View,
    repaint_at: Option<Instant>,
    error: Option<String>,
    /// The board's shape the camera was last set for: a puzzle of another variant, or
    /// the game coming back from under one, brings the camera home for the new board.
    shape: [u8; 4],
}

impl App {
    fn new(session: Session, book: Scorebook, opts: ViewerOptions) -> App {
        let shape = session.rules().info().shape.sizes();
        let welcome = welcome::first_start(&book);
        let mut app = App {
            session,
            book,
            ui: UiState {
                view: View::Both,
                theme: chess4d_render::Theme::Dark,
                tab: panels::Tab::Play,
                save_path: "chess4d-game.txt".into(),
                fen: String::new(),
                adapter: String::new(),
                players: players::PlayersState::default(),
                panel_open: true,
                confirm: None,
                probes: Vec::new(),
                fit_requested: false,
                focus_w: None,
                welcome: false,
                puzzles: puzzles::PuzzlesUi::default(),
                online: online::OnlineUi::default(),
            },
            opts,
            rig: CameraRig::for_shape(shape),
            window: None,
            gpu: None,
            egui_ctx: egui::Context::default(),
            egui_state: None,
            input: input::Pointer::default(),
            board_area: Rect::default(),
            last_frame: Instant::now(),
            title: String::new(),
            printed_area: None,
            said: Vec::new(),
            printed_fit: false,
            zoom_view: View::Both,
            repaint_at: None,
            error: None,
            shape,
        };
        app.ui.welcome = welcome;
        app
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, message: String) {
        self.error = Some(message);
        event_loop.exit();
    }

    /// The camera drawn and picked: the rig's, pulled back when the tesseract's picture
    /// is taller than wide so the cubes fit across.
    fn camera(&self) -> chess4d_render::Camera {
        let mut c = self.rig.shown;
        if let Some(t) = self
            .session
            .board_layout(self.ui.view, self.board_area)
            .tesseract
        {
            c = c.fitted(t);
        }
        c
    }

    /// The scene drawn and picked this frame: the session's picture with the window's
    /// camera, theme and focused W layer.
    fn scene(&self) -> chess4d_render::Scene {
        let mut scene = self.session.scene(self.ui.view, self.camera());
        scene.theme = self.ui.theme;
        scene.focus_w = self.ui.focus_w;
        editor::show_in_scene(&self.egui_ctx, &mut scene);
        scene
    }

    /// Fits the camera to the tesseract's picture (Fit button, key F).
    fn fit_camera(&mut self) {
        if let Some(t) = self
            .session
            .board_layout(self.ui.view, self.board_area)
            .tesseract
        {
            let shape = self.session.rules().info().shape.sizes();
            self.rig.fit(shape, t);
        }
    }

    fn request_redraw(&self) {
        if let Some(w) = &self.window {
            w.request_redraw();
        }
    }

    fn redraw(&mut self) {
        if self.gpu.is_none() {
            return;
        }
        let (Some(window), Some(egui_state)) = (self.window.clone(), self.egui_state.as_mut())
        else {
            return;
        };
        let now = Instant::now();
        let dt = now.duration_since(self.last_frame).as_secs_f32().min(0.1);
        self.last_frame = now;
        self.session.tick(now);
        // The online client's queue, once per frame (session/online_link.rs); a new game
        // of this player opens the Online tab.
        let on_board = self.ui.tab == panels::Tab::Online
            || self.session.mode() == crate::session::Mode::Online;
        if self.ui.online.link.pump(&mut self.session, on_board, now) {
            self.ui.tab = panels::Tab::Online;
        }
        let moving = self.rig.advance(dt);
        let raw = egui_state.take_egui_input(&window);
        let mut board = egui::Rect::NOTHING;
        let (session, book, ui, rig, pointer) = (
            &mut self.session,
            &mut self.book,
            &mut self.ui,
            &mut self.rig,
            &self.input,
        );
        let before = (
            session.generation(),
            book.ratings().generation(),
            ui.tab,
            ui.view,
            ui.theme,
        );
        let out = self.egui_ctx.run_ui(raw, |root| {
            board = panels::show(root, session, book, ui, rig, pointer);
        });
        // A game that just ended is recorded, a game left is adjourned.
        book.update(session);
        let shape = session.rules().info().shape.sizes();
        if shape != std::mem::replace(&mut self.shape, shape) {
            rig.reset(shape);
        }
        // A click handled during this pass changes what the panels show: draw again.
        let changed = before
            != (
                session.generation(),
                book.ratings().generation(),
                ui.tab,
                ui.view,
                ui.theme,
            );
        if before.4 != ui.theme {
            widgets::style(&self.egui_ctx, ui.theme);
        }
        egui_state.handle_platform_output(&window, out.platform_output);
        let ppp = out.pixels_per_point;
        let jobs = self.egui_ctx.tessellate(out.shapes, ppp);
        self.board_area = Rect::new(
            board.min.x * ppp,
            board.min.y * ppp,
            (board.width() * ppp).max(1.0),
            (board.height() * ppp).max(1.0),
        );
        let ui_done = now.elapsed();
        if self.ui.view != self.zoom_view {
            self.rig.switch_view(self.zoom_view, self.ui.view);
            self.zoom_view = self.ui.view;
        }
        // The first frame knows the board's rectangle: fit the camera to it once.
        if !self.printed_fit && self.board_area.w > 1.0 {
            self.printed_fit = true;
            self.ui.fit_requested = true;
        }
        if std::mem::take(&mut self.ui.fit_requested) {
            self.fit_camera();
        }
        let mut scene = self.scene();
        match (&mut scene.floating, self.input.pos) {
            (Some((_, at)), Some(p)) => *at = [p.x, p.y],
            _ => scene.floating = None,
        }
        let Some(gpu) = self.gpu.as_mut() else {
            return;
        };
        gpu.frame(&scene, self.board_area, &jobs, out.textures_delta, ppp);
        if std::env::var_os("CHESS4D_DEBUG_FRAMES").is_some() {
            let ms = |d: Duration| d.as_secs_f64() * 1000.0;
            eprintln!(
                "frame {:.1} ms (panels {:.1} ms)",
                ms(now.elapsed()),
                ms(ui_done)
            );
        }
        let title = self.session.title();
        if title != self.title {
            window.set_title(&title);
            self.title = title;
        }
        // Again whenever the board moves (the analysis' bar comes or goes), so scripts
        // that read the last printed centre click where the square is now.
        let printed = (self.board_area, self.session.black_at_bottom());
        if self.opts.print_squares && self.printed_area != Some(printed) {
            self.printed_area = Some(printed);
            print_squares(&scene.shape, self.ui.view, self.board_area, &self.session);
        }
        if self.opts.print_squares {
            self.say_for_scripts(ppp, &scene);
        }
        let delay = out
            .viewport_output
            .get(&egui::ViewportId::ROOT)
            .map_or(Duration::MAX, |v| v.repaint_delay);
        // While the computer thinks, the spinner need not steal its CPU.
        let soonest = if self.session.thinking().is_some() {
            100
        } else {
            16
        };
        self.repaint_at = if changed || moving || delay.is_zero() {
            Some(now + Duration::from_millis(soonest))
        } else if delay < Duration::from_secs(60) {
            Some(now + delay)
        } else {
            None
        };
    }
}

impl App {
    /// For scripts: `widget NAME X Y` (window pixels) whenever a named button appears
    /// or moves, `said TEXT` for every new message to the player, `hand SIDE LETTER
    /// COUNT X Y` for every piece in hand where its slot is drawn, and `position FEN`
    /// whenever the game's position changes.
    fn say_for_scripts(&mut self, ppp: f32, scene: &chess4d_render::Scene) {
        use std::io::Write;
        let mut lines: Vec<String> = self
            .ui
            .probes
            .iter()
            .map(|(name, p)| format!("widget {name} {:.0} {:.0}", p.x * ppp, p.y * ppp))
            .collect();
        for (i, piece) in scene.hands.iter().flatten().enumerate() {
            if let Some(r) = chess4d_render::hand_slot(scene, self.board_area, i) {
                let side = if piece.white { "white" } else { "black" };
                let c = [r.x + r.h * 0.5, r.y + r.h * 0.5];
                lines.push(format!(
                    "hand {side} {} {} {:.0} {:.0}",
                    piece.glyph, piece.count, c[0], c[1]
                ));
            }
        }
        let pos = self.session.game().position();
        lines.push(format!(
            "position {}",
            self.session.rules().format_position(pos)
        ));
        lines.extend(
            self.session
                .notices()
                .iter()
                .map(|n| format!("said {}", n.text.replace('\n', " "))),
        );
        let mut out = std::io::stdout().lock();
        for line in &lines {
            if !self.said.contains(line) {
                let _ = writeln!(out, "{line}");
            }
        }
        let _ = out.flush();
        self.said = lines;
    }
}

/// Prints `square NAME X Y` (window pixels, flat view) for every square, then `ready`.
fn print_squares(shape: &[u8; 4], view: View, area: Rect, session: &Session) {
    use std::io::Write;
    let Some(board) = BoardGeometry::new(*shape) else {
        return;
    };
    let Some(flat) = session.board_layout(view, area).flat else {
        return;
    };
    // Flipped as the scene is, so the printed positions are where the squares are drawn.
    let flat = FlatLayout::new(board, flat).flipped(session.black_at_bottom());
    let mut out = std::io::stdout().lock();
    for sq in 0..board.square_count() as u16 {
        if let Some(c) = flat.square_centre(sq) {
            let name = session.square_name(chess4d_core::Square(sq));
            let _ = writeln!(out, "square {name} {:.0} {:.0}", c.x, c.y);
        }
    }
    let _ = writeln!(out, "ready");
    let _ = out.flush();
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.window.is_some() {
            return;
        }
        let [w, h] = self.opts.window_size;
        let attrs = Window::default_attributes()
            .with_title(self.session.title())
            .with_inner_size(winit::dpi::PhysicalSize::new(w, h))
            .with_min_inner_size(winit::dpi::PhysicalSize::new(640, 420));
        let window = match event_loop.create_window(attrs) {
            Ok(w) => Arc::new(w),
            Err(e) => return self.fail(event_loop, format!("cannot open a window: {e}")),
        };
        let gpu = match Gpu::new(window.clone(), Box::new(event_loop.owned_display_handle())) {
            Ok(g) => g,
            Err(e) => return self.fail(event_loop, e.to_string()),
        };
        self.ui.adapter = gpu.adapter.clone();
        widgets::style(&self.egui_ctx, self.ui.theme);
        self.egui_state = Some(egui_winit::State::new(
            self.egui_ctx.clone(),
            egui::ViewportId::ROOT,
            &window,
            Some(window.scale_factor() as f32),
            None,
            None,
        ));
        self.gpu = Some(gpu);
        self.window = Some(window);
        self.request_redraw();
    }

    fn new_events(&mut self, _event_loop: &ActiveEventLoop, cause: StartCause) {
        if let StartCause::ResumeTimeReached { .. } = cause {
            let due = self.repaint_at.is_some_and(|t| Instant::now() >= t);
            let news = self.ui.online.link.client.poll(); // the server said something
            if self.session.tick(Instant::now()) || due || news {
                self.request_redraw();
            }
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match &event {
            WindowEvent::CloseRequested => {
                self.book.quit(&mut self.session);
                event_loop.exit();
                return;
            }
            WindowEvent::Resized(size) => {
                if let Some(gpu) = &mut self.gpu {
                    gpu.resize(size.width, size.height);
                }
                self.request_redraw();
            }
            WindowEvent::RedrawRequested => {
                self.redraw();
                return;
            }
            _ => {}
        }
        if self.board_event(&event) {
            self.request_redraw();
            return;
        }
        if let (Some(state), Some(window)) = (&mut self.egui_state, &self.window) {
            let r = state.on_window_event(window, &event);
            if r.repaint {
                window.request_redraw();
            }
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        let now = Instant::now();
        // An online connection is looked at often: its news waits for a frame.
        let online = self.ui.online.link.client.state().link != crate::online::Link::Offline;
        let busy = self.session.thinking().is_some()
            || (self.session.computer_to_move()
                && self.session.mode() != crate::session::Mode::Online)
            || online;
        let mut wake = now
            + if busy {
                Duration::from_millis(60)
            } else {
                Duration::from_millis(250)
            };
        if let Some(t) = self.repaint_at {
            wake = wake.min(t.max(now));
        }
        event_loop.set_control_flow(ControlFlow::WaitUntil(wake));
    }
}
