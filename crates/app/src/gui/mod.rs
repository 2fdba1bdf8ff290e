//! The window: winit events in, the [`AppState`] in the middle, the board (wgpu) and
//! the panels (egui) out. The panels read the state and push [`Action`]s, applied once
//! per frame after they ran (crate::app_state); nothing of the game lives in egui's
//! memory. Pointer and keys reach the board unless egui is using them; the computer
//! thinks on its own thread, so the window is redrawn on a timer while it does.

mod access;
mod analysis;
mod clocks;
mod editor;
mod explorer;
#[cfg(test)]
mod frame_tests;
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

use crate::app_state::{Action, AppState, Tab};
use crate::session::scorebook::Scorebook;
use crate::session::{Player, Session};
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

/// Whether applying `action` may change what is drawn: the editor's panel saying each
/// frame that it is open does not (else an open editor would redraw 60 times a second).
fn changes_something(action: &Action) -> bool {
    !matches!(
        action,
        Action::Editor(crate::app_state::EditorAction::Shown)
    )
}

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
    let ui = &mut app.state.ui;
    ui.online.link.data_dir = data_dir;
    if let Some(start) = online_start {
        // online.rs: the token kept in the data folder brings back games in progress.
        ui.online.server = start.server.clone();
        ui.online.name = start.name.clone().unwrap_or_default();
        ui.tab = Tab::Online;
        ui.welcome = false;
        app.state.apply(Action::OnlineConnect {
            server: start.server,
            name: start.name,
            sign_in: start.sign_in,
        });
    }
    if let Some(variant) = puzzle {
        app.state.ui.tab = Tab::Puzzles; // puzzles.rs
        app.state.ui.puzzles.variant = Some(variant);
    }
    event_loop
        .run_app(&mut app)
        .map_err(|e| format!("the window's event loop failed: {e}"))?;
    match app.error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

struct App {
    /// The game, the archive, the editor, the online client and the view's settings.
    state: AppState,
    /// The actions pushed since the last frame's were applied (panels, board keys).
    actions: Vec<Action>,
    /// Where named buttons were drawn this frame (points), for scripts.
    probes: panels::Probes,
    opts: ViewerOptions,
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
}

impl App {
    fn new(session: Session, book: Scorebook, opts: ViewerOptions) -> App {
        let welcome = welcome::first_start(&book);
        let mut state = AppState::new(session, book);
        state.ui.welcome = welcome;
        App {
            state,
            actions: Vec::new(),
            probes: Vec::new(),
            opts,
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
        }
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, message: String) {
        self.error = Some(message);
        event_loop.exit();
    }

    /// The camera drawn and picked: the rig's, pulled back when the tesseract's picture
    /// is taller than wide so the cubes fit across.
    fn camera(&self) -> chess4d_render::Camera {
        let mut c = self.state.rig.shown;
        if let Some(t) = self
            .state
            .session
            .board_layout(self.state.ui.view, self.board_area)
            .tesseract
        {
            c = c.fitted(t);
        }
        c
    }

    /// The scene drawn and picked this frame: the session's picture with the window's
    /// camera, theme and focused W layer.
    fn scene(&self) -> chess4d_render::Scene {
        let mut scene = self.state.session.scene(self.state.ui.view, self.camera());
        scene.theme = self.state.ui.theme;
        scene.focus_w = self.state.ui.focus_w;
        self.state.editor.show_in_scene(&mut scene);
        scene
    }

    /// Fits the camera to the tesseract's picture (Fit button, key F).
    fn fit_camera(&mut self) {
        if let Some(t) = self
            .state
            .session
            .board_layout(self.state.ui.view, self.board_area)
            .tesseract
        {
            let shape = self.state.session.rules().info().shape.sizes();
            self.state.rig.fit(shape, t);
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
        // The clocks, the computer and the online client's queue, once per frame
        // (session/online_link.rs); a new game of this player opens the Online tab.
        self.state.tick(now);
        let moving = self.state.rig.advance(dt);
        let raw = egui_state.take_egui_input(&window);
        let mut board = egui::Rect::NOTHING;
        let state = &mut self.state;
        // Keys and board clicks since the last frame first, so the panels draw (and
        // their clicks refer to) the state after them.
        let queued = std::mem::take(&mut self.actions);
        let mut applied = queued.iter().any(changes_something);
        state.apply_all(queued);
        let before = (
            state.session.generation(),
            state.book.ratings().generation(),
            state.ui.tab,
            state.ui.view,
            state.ui.theme,
        );
        // Alt or Ctrl over a square shows its attackers (session/attackers.rs).
        let peeking = self.input.mods.alt_key() || self.input.mods.control_key();
        let peek = state.session.hover().filter(|_| peeking);
        state.session.set_peek(peek);
        // The editor's panel says again in this frame's actions whether it is open.
        state.editor.shown = false;
        self.probes.clear();
        let (probes, actions, pointer) = (&mut self.probes, &mut self.actions, &self.input);
        let out = self.egui_ctx.run_ui(raw, |root| {
            board = panels::show(root, state, probes, actions, pointer);
        });
        // The panels' actions, once, after the panels.
        applied |= self.actions.iter().any(changes_something);
        state.apply_all(std::mem::take(&mut self.actions));
        state.preview_line();
        // A click handled during this pass changes what the panels show: draw again.
        let changed = applied
            || before
                != (
                    state.session.generation(),
                    state.book.ratings().generation(),
                    state.ui.tab,
                    state.ui.view,
                    state.ui.theme,
                );
        if before.4 != state.ui.theme {
            widgets::style(&self.egui_ctx, state.ui.theme);
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
        if self.state.ui.view != self.zoom_view {
            self.state
                .rig
                .switch_view(self.zoom_view, self.state.ui.view);
            self.zoom_view = self.state.ui.view;
        }
        // The first frame knows the board's rectangle: fit the camera to it once.
        if !self.printed_fit && self.board_area.w > 1.0 {
            self.printed_fit = true;
            self.state.ui.fit_requested = true;
        }
        if std::mem::take(&mut self.state.ui.fit_requested) {
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
        let title = self.state.session.title();
        if title != self.title {
            window.set_title(&title);
            self.title = title;
        }
        // Again whenever the board moves (the analysis' bar comes or goes), so scripts
        // that read the last printed centre click where the square is now.
        let printed = (self.board_area, self.state.session.black_at_bottom());
        if self.opts.print_squares && self.printed_area != Some(printed) {
            self.printed_area = Some(printed);
            print_squares(
                &scene.shape,
                self.state.ui.view,
                self.board_area,
                &self.state.session,
            );
        }
        if self.opts.print_squares {
            self.say_for_scripts(ppp, &scene);
        }
        let delay = out
            .viewport_output
            .get(&egui::ViewportId::ROOT)
            .map_or(Duration::MAX, |v| v.repaint_delay);
        // While the computer thinks, the spinner need not steal its CPU.
        let soonest = if self.state.session.thinking().is_some() {
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
        let pos = self.state.session.game().position();
        lines.push(format!(
            "position {}",
            self.state.session.rules().format_position(pos)
        ));
        lines.extend(
            self.state
                .session
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
            .with_title(self.state.session.title())
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
        self.state.ui.adapter = gpu.adapter.clone();
        widgets::style(&self.egui_ctx, self.state.ui.theme);
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
            let news = self.state.ui.online.link.client.poll(); // the server said something
            if self.state.session.tick(Instant::now()) || due || news {
                self.request_redraw();
            }
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match &event {
            WindowEvent::CloseRequested => {
                self.state.apply(Action::Quit);
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
        let online = self.state.ui.online.link.client.state().link != crate::online::Link::Offline;
        let busy = self.state.session.thinking().is_some()
            || (self.state.session.computer_to_move()
                && self.state.session.mode() != crate::session::Mode::Online)
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
