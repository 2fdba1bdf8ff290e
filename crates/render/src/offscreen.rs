//! Rendering with no window: a headless device (any adapter wgpu finds, honouring
//! `WGPU_BACKEND`, `WGPU_ADAPTER_NAME`, `WGPU_POWER_PREF`), a colour texture, readback
//! to RGBA bytes and PNG output. Used by `chess4d render`, the tests and the bench.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::gpu::{DEPTH_FORMAT, Renderer};
use crate::scene::Scene;

/// Colour format of off-screen images (sRGB values stored as-is, like a PNG).
const OFFSCREEN_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// What went wrong while rendering off-screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// No graphics adapter (GPU or software) could be found.
    NoAdapter {
        /// What wgpu reported.
        reason: String,
    },
    /// The adapter refused to open a device.
    Device {
        /// What wgpu reported.
        reason: String,
    },
    /// The requested image size is zero or beyond what the device supports.
    BadSize {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
        /// Largest side the device supports.
        max: u32,
    },
    /// Reading the image back from the GPU failed.
    Readback {
        /// What wgpu reported.
        reason: String,
    },
    /// Writing the PNG file failed.
    Png {
        /// The file that could not be written.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::NoAdapter { reason } => write!(
                f,
                "no graphics adapter found ({reason}); install a GPU driver or a software \
                 renderer (e.g. `apt-get install mesa-vulkan-drivers` for lavapipe), or pick \
                 one with WGPU_BACKEND=vulkan|gl / WGPU_ADAPTER_NAME"
            ),
            RenderError::Device { reason } => {
                write!(f, "the graphics adapter refused to open a device: {reason}")
            }
            RenderError::BadSize { width, height, max } => {
                write!(
                    f,
                    "image size {width}x{height} is not allowed: each side must be 1..={max} pixels"
                )
            }
            RenderError::Readback { reason } => {
                write!(f, "could not read the rendered image back: {reason}")
            }
            RenderError::Png { path, reason } => {
                write!(f, "could not write PNG {}: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for RenderError {}

/// Which adapter drew the image, and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderInfo {
    /// Adapter name, e.g. `llvmpipe (LLVM 15.0.6, 256 bits)`.
    pub adapter_name: String,
    /// Graphics API in use, e.g. `Vulkan`.
    pub backend: String,
    /// `DiscreteGpu`, `IntegratedGpu`, `Cpu`, ...
    pub device_type: String,
    /// Driver name and version as the adapter reports them.
    pub driver: String,
    /// Image width in pixels.
    pub width: u32,
    /// Image height in pixels.
    pub height: u32,
    /// Multisample count used.
    pub samples: u32,
}

struct Gpu {
    adapter: wgpu::Adapter,
    device: wgpu::Device,
    queue: wgpu::Queue,
}

fn open_gpu() -> Result<Gpu, RenderError> {
    let instance =
        wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    // wgpu panics when WGPU_ADAPTER_NAME names no adapter: check that case first.
    if let Ok(wanted) = std::env::var("WGPU_ADAPTER_NAME") {
        let wanted = wanted.to_lowercase();
        let adapters = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::all()));
        if !adapters
            .iter()
            .any(|a| a.get_info().name.to_lowercase().contains(&wanted))
        {
            let names: Vec<String> = adapters.iter().map(|a| a.get_info().name).collect();
            return Err(RenderError::NoAdapter {
                reason: format!("WGPU_ADAPTER_NAME={wanted:?} matches none of {names:?}"),
            });
        }
    }
    let adapter = pollster::block_on(wgpu::util::initialize_adapter_from_env_or_default(
        &instance, None,
    ))
    .map_err(|e| RenderError::NoAdapter {
        reason: e.to_string(),
    })?;
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        label: Some("chess4d off-screen"),
        required_limits: wgpu::Limits::downlevel_defaults().using_resolution(adapter.limits()),
        ..Default::default()
    }))
    .map_err(|e| RenderError::Device {
        reason: e.to_string(),
    })?;
    Ok(Gpu {
        adapter,
        device,
        queue,
    })
}

fn info_of(adapter: &wgpu::Adapter, width: u32, height: u32, samples: u32) -> RenderInfo {
    let i = adapter.get_info();
    RenderInfo {
        adapter_name: i.name,
        backend: format!("{:?}", i.backend),
        device_type: format!("{:?}", i.device_type),
        driver: format!("{} {}", i.driver, i.driver_info).trim().to_string(),
        width,
        height,
        samples,
    }
}

/// The adapter off-screen rendering would use, without drawing anything.
///
/// # Examples
///
/// ```no_run
/// match chess4d_render::adapter_info() {
///     Ok(info) => println!("rendering on {}", info.adapter_name),
///     Err(e) => eprintln!("{e}"),
/// }
/// ```
pub fn adapter_info() -> Result<RenderInfo, RenderError> {
    let gpu = open_gpu()?;
    Ok(info_of(&gpu.adapter, 0, 0, 1))
}

/// A headless device with a fixed-size image: render many scenes without paying the
/// device start-up each time.
pub struct OffscreenRenderer {
    gpu: Gpu,
    renderer: Renderer,
    target: wgpu::Texture,
    target_view: wgpu::TextureView,
    readback: wgpu::Buffer,
    padded_row: u32,
    pixels: Vec<u8>,
    info: RenderInfo,
}

impl OffscreenRenderer {
    /// Open a headless device and a `width` x `height` image, with 4x MSAA when the
    /// adapter offers it (best for single pictures; see
    /// [`with_samples`](Self::with_samples) for speed on software adapters).
    pub fn new(width: u32, height: u32) -> Result<Self, RenderError> {
        Self::with_samples(width, height, 4)
    }

    /// Like [`new`](Self::new) with `samples`-times MSAA (1 = off; falls back to 1
    /// when the adapter lacks the count). On a software rasterizer 4x costs about four
    /// times as much per frame as 1x.
    pub fn with_samples(width: u32, height: u32, samples: u32) -> Result<Self, RenderError> {
        let gpu = open_gpu()?;
        let max = gpu.device.limits().max_texture_dimension_2d;
        if width == 0 || height == 0 || width > max || height > max {
            return Err(RenderError::BadSize { width, height, max });
        }
        let supports = |format: wgpu::TextureFormat| {
            gpu.adapter
                .get_texture_format_features(format)
                .flags
                .sample_count_supported(samples)
        };
        let samples = if samples > 1 && supports(OFFSCREEN_FORMAT) && supports(DEPTH_FORMAT) {
            samples
        } else {
            1
        };
        let renderer = Renderer::with_samples(&gpu.device, &gpu.queue, OFFSCREEN_FORMAT, samples);
        let target = gpu.device.create_texture(&wgpu::TextureDescriptor {
            label: Some("chess4d off-screen image"),
            size: wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: OFFSCREEN_FORMAT,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        let target_view = target.create_view(&Default::default());
        let padded_row = (width * 4).next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
        let readback = gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("chess4d readback"),
            size: u64::from(padded_row) * u64::from(height),
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        let info = info_of(&gpu.adapter, width, height, samples);
        Ok(Self {
            gpu,
            renderer,
            target,
            target_view,
            readback,
            padded_row,
            pixels: vec![0; (width * height * 4) as usize],
            info,
        })
    }

    /// The adapter and image size in use.
    pub fn info(&self) -> &RenderInfo {
        &self.info
    }

    /// Draw `scene` and read it back: RGBA8 (sRGB), rows top to bottom, no padding.
    pub fn render(&mut self, scene: &Scene) -> Result<&[u8], RenderError> {
        let (width, height) = (self.info.width, self.info.height);
        let Gpu { device, queue, .. } = &self.gpu;
        self.renderer.prepare(device, queue, scene, [width, height]);
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("chess4d off-screen"),
        });
        self.renderer.render(&mut encoder, &self.target_view);
        encoder.copy_texture_to_buffer(
            self.target.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &self.readback,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(self.padded_row),
                    rows_per_image: Some(height),
                },
            },
            wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
        );
        queue.submit([encoder.finish()]);
        let slice = self.readback.slice(..);
        let (tx, rx) = std::sync::mpsc::channel();
        slice.map_async(wgpu::MapMode::Read, move |result| {
            let _ = tx.send(result);
        });
        device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| RenderError::Readback {
                reason: e.to_string(),
            })?;
        rx.recv()
            .map_err(|e| RenderError::Readback {
                reason: e.to_string(),
            })?
            .map_err(|e| RenderError::Readback {
                reason: e.to_string(),
            })?;
        {
            let mapped = slice
                .get_mapped_range()
                .map_err(|e| RenderError::Readback {
                    reason: e.to_string(),
                })?;
            let row = (width * 4) as usize;
            for (y, out) in self.pixels.chunks_exact_mut(row).enumerate() {
                let at = y * self.padded_row as usize;
                out.copy_from_slice(&mapped[at..at + row]);
            }
        }
        self.readback.unmap();
        Ok(&self.pixels)
    }

    /// Draw calls the last frame used.
    pub fn draw_calls(&self) -> usize {
        self.renderer.draw_calls()
    }
}

/// Render `scene` off-screen and return its RGBA8 pixels (rows top to bottom).
///
/// # Examples
///
/// ```no_run
/// let (rgba, info) = chess4d_render::render_to_rgba(&chess4d_render::Scene::default(), 320, 200)?;
/// assert_eq!(rgba.len(), 320 * 200 * 4);
/// println!("{}", info.adapter_name);
/// # Ok::<(), chess4d_render::RenderError>(())
/// ```
pub fn render_to_rgba(
    scene: &Scene,
    width: u32,
    height: u32,
) -> Result<(Vec<u8>, RenderInfo), RenderError> {
    let mut offscreen = OffscreenRenderer::new(width, height)?;
    let pixels = offscreen.render(scene)?.to_vec();
    Ok((pixels, offscreen.info.clone()))
}

/// Render `scene` off-screen into a PNG file at `path`.
///
/// # Examples
///
/// ```no_run
/// let info = chess4d_render::render_to_png(
///     &chess4d_render::Scene::default(), 1280, 720, std::path::Path::new("board.png"))?;
/// println!("drawn on {}", info.adapter_name);
/// # Ok::<(), chess4d_render::RenderError>(())
/// ```
pub fn render_to_png(
    scene: &Scene,
    width: u32,
    height: u32,
    path: &Path,
) -> Result<RenderInfo, RenderError> {
    let (pixels, info) = render_to_rgba(scene, width, height)?;
    write_png(path, width, height, &pixels)?;
    Ok(info)
}

/// Write RGBA8 pixels (rows top to bottom) as a PNG file.
pub fn write_png(path: &Path, width: u32, height: u32, rgba: &[u8]) -> Result<(), RenderError> {
    let fail = |reason: String| RenderError::Png {
        path: path.to_path_buf(),
        reason,
    };
    if rgba.len() as u64 != u64::from(width) * u64::from(height) * 4 {
        return Err(fail(format!(
            "{} bytes do not make a {width}x{height} RGBA image",
            rgba.len()
        )));
    }
    let file = std::fs::File::create(path).map_err(|e| fail(e.to_string()))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| fail(e.to_string()))?;
    writer
        .write_image_data(rgba)
        .map_err(|e| fail(e.to_string()))?;
    writer.finish().map_err(|e| fail(e.to_string()))
}
