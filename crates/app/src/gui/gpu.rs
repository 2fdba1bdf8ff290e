//! The window's GPU side: surface, device, the board renderer and egui's renderer.
//! Each frame the board is drawn first (clearing the target), then egui on top.

use chess4d_render::{Rect, Renderer, Scene};
use std::sync::Arc;
use winit::window::Window;

/// Why the window could not get a GPU.
#[derive(Debug)]
pub struct GpuError(pub String);

impl std::fmt::Display for GpuError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GpuError {}

/// Surface, device and both renderers.
pub struct Gpu {
    surface: wgpu::Surface<'static>,
    device: wgpu::Device,
    queue: wgpu::Queue,
    config: wgpu::SurfaceConfiguration,
    board: Renderer,
    egui: egui_wgpu::Renderer,
    /// "name (backend, type)" of the adapter in use.
    pub adapter: String,
}

impl Gpu {
    /// Opens a device that can present to `window`.
    pub fn new(
        window: Arc<Window>,
        display: Box<dyn wgpu::wgt::WgpuHasDisplayHandle>,
    ) -> Result<Gpu, GpuError> {
        let instance = wgpu::Instance::new(
            wgpu::InstanceDescriptor::new_with_display_handle_from_env(display),
        );
        let size = window.inner_size();
        let surface = instance.create_surface(window).map_err(|e| {
            GpuError(format!(
                "no graphics adapter can draw into the window ({e}); install a GPU driver \
                     or a software renderer (apt-get install mesa-vulkan-drivers), and check \
                     WGPU_BACKEND"
            ))
        })?;
        // wgpu panics when WGPU_ADAPTER_NAME names no adapter: say so instead.
        if let Ok(wanted) = std::env::var("WGPU_ADAPTER_NAME") {
            let wanted = wanted.to_lowercase();
            let adapters = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::all()));
            let names: Vec<String> = adapters.iter().map(|a| a.get_info().name).collect();
            if !names.iter().any(|n| n.to_lowercase().contains(&wanted)) {
                return Err(GpuError(format!(
                    "no graphics adapter: WGPU_ADAPTER_NAME={wanted:?} matches none of {names:?}"
                )));
            }
        }
        let adapter = pollster::block_on(wgpu::util::initialize_adapter_from_env_or_default(
            &instance,
            Some(&surface),
        ))
        .map_err(|e| {
            GpuError(format!(
                "no graphics adapter can draw into this window ({e}); install a GPU driver or \
                 a software renderer (apt-get install mesa-vulkan-drivers), or try \
                 WGPU_BACKEND=gl"
            ))
        })?;
        let info = adapter.get_info();
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("chess4d window"),
            required_limits: wgpu::Limits::downlevel_defaults().using_resolution(adapter.limits()),
            ..Default::default()
        }))
        .map_err(|e| GpuError(format!("the graphics adapter refused a device: {e}")))?;
        let caps = surface.get_capabilities(&adapter);
        // egui wants a gamma-space target; the board renderer handles either kind.
        let format = caps
            .formats
            .iter()
            .copied()
            .find(|f| !f.is_srgb())
            .or_else(|| caps.formats.first().copied())
            .ok_or_else(|| GpuError("the window surface offers no colour format".into()))?;
        let config = wgpu::SurfaceConfiguration {
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            format,
            width: size.width.max(1),
            height: size.height.max(1),
            present_mode: wgpu::PresentMode::AutoVsync,
            desired_maximum_frame_latency: 2,
            alpha_mode: caps
                .alpha_modes
                .first()
                .copied()
                .unwrap_or(wgpu::CompositeAlphaMode::Auto),
            view_formats: vec![],
            color_space: wgpu::SurfaceColorSpace::Auto,
        };
        surface.configure(&device, &config);
        // A software rasterizer pays four times for 4x MSAA: draw it plain there.
        let software =
            info.device_type == wgpu::DeviceType::Cpu && std::env::var_os("CHESS4D_MSAA").is_none();
        let samples = if !software
            && adapter
                .get_texture_format_features(format)
                .flags
                .sample_count_supported(4)
        {
            4
        } else {
            1
        };
        let board = Renderer::with_samples(&device, &queue, format, samples);
        let egui = egui_wgpu::Renderer::new(&device, format, egui_wgpu::RendererOptions::default());
        Ok(Gpu {
            surface,
            device,
            queue,
            config,
            board,
            egui,
            adapter: format!("{} ({:?}, {:?})", info.name, info.backend, info.device_type),
        })
    }

    /// Follows a window resize.
    pub fn resize(&mut self, width: u32, height: u32) {
        if width > 0 && height > 0 {
            self.config.width = width;
            self.config.height = height;
            self.surface.configure(&self.device, &self.config);
        }
    }

    /// The target size in pixels.
    pub fn size(&self) -> [u32; 2] {
        [self.config.width, self.config.height]
    }

    /// Draws one frame: the board scene into `area` (pixels), then egui's output.
    pub fn frame(
        &mut self,
        scene: &Scene,
        area: Rect,
        egui_jobs: &[egui::ClippedPrimitive],
        mut textures: egui::TexturesDelta,
        pixels_per_point: f32,
    ) {
        // Textures are uploaded even when no frame can be drawn, so egui stays in step.
        for (id, deltas) in &textures.set {
            for delta in deltas {
                self.egui
                    .update_texture(&self.device, &self.queue, *id, delta);
            }
        }
        let frame = match self.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(f)
            | wgpu::CurrentSurfaceTexture::Suboptimal(f) => Some(f),
            wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                self.surface.configure(&self.device, &self.config);
                None
            }
            _ => None,
        };
        if let Some(frame) = frame {
            self.draw(frame, scene, area, egui_jobs, pixels_per_point);
        }
        for id in &textures.free {
            self.egui.free_texture(id);
        }
        textures.clear();
    }

    fn draw(
        &mut self,
        frame: wgpu::SurfaceTexture,
        scene: &Scene,
        area: Rect,
        egui_jobs: &[egui::ClippedPrimitive],
        pixels_per_point: f32,
    ) {
        let view = frame.texture.create_view(&Default::default());
        let size = self.size();
        self.board
            .prepare_in(&self.device, &self.queue, scene, size, area);
        let screen = egui_wgpu::ScreenDescriptor {
            size_in_pixels: size,
            pixels_per_point,
        };
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("chess4d frame"),
            });
        self.board.render(&mut encoder, &view);
        let extra =
            self.egui
                .update_buffers(&self.device, &self.queue, &mut encoder, egui_jobs, &screen);
        {
            let pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("chess4d egui"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Load,
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: None,
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            let mut pass = pass.forget_lifetime();
            self.egui.render(&mut pass, egui_jobs, &screen);
        }
        self.queue
            .submit(extra.into_iter().chain(std::iter::once(encoder.finish())));
        self.queue.present(frame);
    }
}
