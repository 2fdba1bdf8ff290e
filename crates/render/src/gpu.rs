//! The wgpu side: pipelines, the atlas texture, instance buffers that grow but are never
//! re-created for a steady scene, and at most four draw calls a frame whatever the
//! number of squares or pieces.

use std::borrow::Cow;

use crate::atlas::ATLAS_SIZE;
use crate::custom_pictures::PictureCells;
use crate::frame::Frame;
use crate::instances::{CellInstance, Globals, QuadInstance};
use crate::projection::Rect;
use crate::scene::Scene;

/// Depth buffer format the renderer's pipelines expect.
pub const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;

const COMMON_WGSL: &str = include_str!("../../../shaders/common.wgsl");
const CELLS_WGSL: &str = include_str!("../../../shaders/cells.wgsl");
const QUADS_WGSL: &str = include_str!("../../../shaders/quads.wgsl");

/// Draws a [`Scene`] with wgpu into any colour target.
///
/// Per frame: [`prepare`](Self::prepare) uploads the scene, then either
/// [`render`](Self::render) records a whole pass (clear, depth, optional MSAA resolve)
/// or [`draw`](Self::draw) draws into a pass the caller opened. The app can draw egui
/// afterwards in a second pass that loads the colour target.
///
/// # Examples
///
/// ```no_run
/// # fn frame(device: &wgpu::Device, queue: &wgpu::Queue, view: &wgpu::TextureView) {
/// use chess4d_render::{Renderer, Scene};
/// let mut renderer = Renderer::new(device, queue, wgpu::TextureFormat::Bgra8UnormSrgb);
/// renderer.prepare(device, queue, &Scene::default(), [1280, 720]);
/// let mut encoder = device.create_command_encoder(&Default::default());
/// renderer.render(&mut encoder, view);
/// queue.submit([encoder.finish()]);
/// # }
/// ```
pub struct Renderer {
    format: wgpu::TextureFormat,
    sample_count: u32,
    cell_pipeline: wgpu::RenderPipeline,
    /// Indexed by [`QuadPipe`].
    quad_pipelines: [wgpu::RenderPipeline; 4],
    globals: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    /// The atlas texture, and the generation of [`Renderer::own_pictures`] painted into it.
    atlas: (wgpu::Texture, u64),
    /// The cells of the atlas that show the scenes' own pictures (this renderer's alone).
    own_pictures: PictureCells,
    cells: GrowingBuffer,
    quads: GrowingBuffer,
    attachments: Option<Attachments>,
    frame: Frame,
}

/// Depth (and multisampled colour) textures sized to the target.
struct Attachments {
    size: [u32; 2],
    depth: wgpu::TextureView,
    msaa: Option<wgpu::TextureView>,
}

/// A vertex buffer that doubles when it runs out and is reused otherwise.
struct GrowingBuffer {
    label: &'static str,
    buffer: wgpu::Buffer,
    len: u32,
}

impl GrowingBuffer {
    fn new(device: &wgpu::Device, label: &'static str, bytes: u64) -> Self {
        Self {
            label,
            buffer: vertex_buffer(device, label, bytes),
            len: 0,
        }
    }

    fn upload<T: bytemuck::Pod>(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        items: &[T],
    ) {
        let bytes: &[u8] = bytemuck::cast_slice(items);
        if bytes.len() as u64 > self.buffer.size() {
            let size = (bytes.len() as u64).next_power_of_two();
            self.buffer = vertex_buffer(device, self.label, size);
        }
        if !bytes.is_empty() {
            queue.write_buffer(&self.buffer, 0, bytes);
        }
        self.len = items.len() as u32;
    }
}

fn vertex_buffer(device: &wgpu::Device, label: &str, bytes: u64) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size: bytes.max(256),
        usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

impl Renderer {
    /// A renderer drawing into targets of `target_format`, without multisampling.
    pub fn new(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        target_format: wgpu::TextureFormat,
    ) -> Self {
        Self::with_samples(device, queue, target_format, 1)
    }

    /// A renderer with `sample_count`-times multisampling (1 = off). The count must be
    /// supported by the adapter for `target_format` and [`DEPTH_FORMAT`] (4 nearly
    /// always is); [`render`](Self::render) resolves into the target.
    pub fn with_samples(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        target_format: wgpu::TextureFormat,
        sample_count: u32,
    ) -> Self {
        let sample_count = sample_count.max(1);
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("chess4d globals"),
            entries: &[
                wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
                    ty: wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Uniform,
                        has_dynamic_offset: false,
                        min_binding_size: None,
                    },
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 1,
                    // The vertex stage reads the atlas size to pick a mip level.
                    visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
                    ty: wgpu::BindingType::Texture {
                        sample_type: wgpu::TextureSampleType::Float { filterable: true },
                        view_dimension: wgpu::TextureViewDimension::D2,
                        multisampled: false,
                    },
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 2,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
                    count: None,
                },
            ],
        });
        let globals = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("chess4d globals"),
            size: size_of::<Globals>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let atlas = upload_atlas(device, queue);
        let atlas_view = atlas.0.create_view(&Default::default());
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("chess4d atlas"),
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            mipmap_filter: wgpu::MipmapFilterMode::Linear,
            ..Default::default()
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("chess4d globals"),
            layout: &layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: globals.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: wgpu::BindingResource::TextureView(&atlas_view),
                },
                wgpu::BindGroupEntry {
                    binding: 2,
                    resource: wgpu::BindingResource::Sampler(&sampler),
                },
            ],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("chess4d"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let module = |label: &str, body: &str| {
            device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some(label),
                source: wgpu::ShaderSource::Wgsl(Cow::Owned(format!("{COMMON_WGSL}\n{body}"))),
            })
        };
        let cells_module = module("chess4d cells", CELLS_WGSL);
        let quads_module = module("chess4d quads", QUADS_WGSL);
        let make = PipelineMaker {
            device,
            layout: &pipeline_layout,
            format: target_format,
            sample_count,
        };
        let cell_attributes = wgpu::vertex_attr_array![0 => Float32x4, 1 => Float32x4, 2 => Float32x4, 3 => Float32x4];
        let quad_attributes = wgpu::vertex_attr_array![
            0 => Float32x3, 1 => Float32x3, 2 => Float32x3, 3 => Float32x3,
            4 => Float32x4, 5 => Float32x4, 6 => Float32x4, 7 => Uint32
        ];
        let cells_layout = wgpu::VertexBufferLayout {
            array_stride: size_of::<CellInstance>() as u64,
            step_mode: wgpu::VertexStepMode::Instance,
            attributes: &cell_attributes,
        };
        let quads_layout = wgpu::VertexBufferLayout {
            array_stride: size_of::<QuadInstance>() as u64,
            step_mode: wgpu::VertexStepMode::Instance,
            attributes: &quad_attributes,
        };
        let cell_pipeline = make.pipeline(
            "chess4d cells",
            &cells_module,
            ["vs_cell", "fs_cell"],
            &[Some(cells_layout)],
            DepthUse::TestOnly,
            // Only faces towards the camera: half the rasterizer work, and a cleaner
            // picture of the translucent tiles.
            Some(wgpu::Face::Back),
        );
        let quad = |label: &str, fs: &str, depth: DepthUse| {
            make.pipeline(
                label,
                &quads_module,
                ["vs_quad", fs],
                &[Some(quads_layout.clone())],
                depth,
                None,
            )
        };
        let quad_pipelines = [
            quad(
                "chess4d plain depth quads",
                "fs_plain",
                DepthUse::TestAndWrite,
            ),
            quad(
                "chess4d textured depth quads",
                "fs_textured",
                DepthUse::TestAndWrite,
            ),
            quad("chess4d plain overlay quads", "fs_plain", DepthUse::Ignore),
            quad(
                "chess4d textured overlay quads",
                "fs_textured",
                DepthUse::Ignore,
            ),
        ];
        Self {
            format: target_format,
            sample_count,
            cell_pipeline,
            quad_pipelines,
            globals,
            bind_group,
            cells: GrowingBuffer::new(
                device,
                "chess4d cells",
                64 * size_of::<CellInstance>() as u64,
            ),
            quads: GrowingBuffer::new(
                device,
                "chess4d quads",
                1024 * size_of::<QuadInstance>() as u64,
            ),
            attachments: None,
            frame: Frame::default(),
            atlas,
            own_pictures: PictureCells::default(),
        }
    }

    /// The colour format this renderer was made for.
    pub fn target_format(&self) -> wgpu::TextureFormat {
        self.format
    }

    /// Multisample count (1 = off).
    pub fn sample_count(&self) -> u32 {
        self.sample_count
    }

    /// Build and upload the scene for a target of `target_size` pixels, using all of it.
    pub fn prepare(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        scene: &Scene,
        target_size: [u32; 2],
    ) {
        let area = Rect::new(0.0, 0.0, target_size[0] as f32, target_size[1] as f32);
        self.prepare_in(device, queue, scene, target_size, area);
    }

    /// Like [`prepare`](Self::prepare) but draws only into `area` (pixels) of the
    /// target, e.g. beside an egui panel. Use the same `area` with
    /// [`pick`](crate::pick).
    pub fn prepare_in(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        scene: &Scene,
        target_size: [u32; 2],
        area: Rect,
    ) {
        let target_size = target_size.map(|v| v.max(1));
        let own_cells = self.own_pictures.place(&scene.own_pictures);
        if self.own_pictures.generation() != self.atlas.1 {
            // A picture of the scene's own took a cell since the atlas was uploaded.
            write_atlas(queue, &self.atlas.0, &self.own_pictures.atlas());
            self.atlas.1 = self.own_pictures.generation();
        }
        self.frame.build(
            scene,
            &own_cells,
            target_size,
            area,
            wants_linear(self.format),
        );
        queue.write_buffer(&self.globals, 0, bytemuck::bytes_of(&self.frame.globals));
        self.cells.upload(device, queue, &self.frame.cells);
        self.quads.upload(device, queue, &self.frame.quads);
        if self
            .attachments
            .as_ref()
            .is_none_or(|a| a.size != target_size)
        {
            self.attachments = Some(self.make_attachments(device, target_size));
        }
    }

    fn make_attachments(&self, device: &wgpu::Device, size: [u32; 2]) -> Attachments {
        let texture = |label, format| {
            device
                .create_texture(&wgpu::TextureDescriptor {
                    label: Some(label),
                    size: wgpu::Extent3d {
                        width: size[0],
                        height: size[1],
                        depth_or_array_layers: 1,
                    },
                    mip_level_count: 1,
                    sample_count: self.sample_count,
                    dimension: wgpu::TextureDimension::D2,
                    format,
                    usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
                    view_formats: &[],
                })
                .create_view(&Default::default())
        };
        Attachments {
            size,
            depth: texture("chess4d depth", DEPTH_FORMAT),
            msaa: (self.sample_count > 1).then(|| texture("chess4d msaa colour", self.format)),
        }
    }

    /// The scene's background colour (sRGB), for callers that open their own pass.
    pub fn clear_colour(&self) -> wgpu::Color {
        let [r, g, b, a] = self.frame.clear.map(f64::from);
        if wants_linear(self.format) {
            let lin = |c: f64| {
                if c <= 0.04045 {
                    c / 12.92
                } else {
                    ((c + 0.055) / 1.055).powf(2.4)
                }
            };
            wgpu::Color {
                r: lin(r),
                g: lin(g),
                b: lin(b),
                a,
            }
        } else {
            wgpu::Color { r, g, b, a }
        }
    }

    /// Record one pass that clears `target` to the background and draws the prepared
    /// scene, with the renderer's own depth buffer (and MSAA, resolved into `target`).
    /// `target` must be as large as the size given to [`prepare`](Self::prepare);
    /// before the first `prepare` this records nothing.
    pub fn render(&self, encoder: &mut wgpu::CommandEncoder, target: &wgpu::TextureView) {
        let Some(att) = &self.attachments else { return };
        let (view, resolve_target) = match &att.msaa {
            Some(msaa) => (msaa, Some(target)),
            None => (target, None),
        };
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("chess4d board"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view,
                depth_slice: None,
                resolve_target,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(self.clear_colour()),
                    store: if resolve_target.is_some() {
                        wgpu::StoreOp::Discard
                    } else {
                        wgpu::StoreOp::Store
                    },
                },
            })],
            depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                view: &att.depth,
                depth_ops: Some(wgpu::Operations {
                    load: wgpu::LoadOp::Clear(1.0),
                    store: wgpu::StoreOp::Discard,
                }),
                stencil_ops: None,
            }),
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        self.draw(&mut pass);
    }

    /// Draw the prepared scene into a pass the caller opened. The pass must have a
    /// colour target of [`target_format`](Self::target_format) and a depth attachment
    /// of [`DEPTH_FORMAT`] cleared to 1.0, both with [`sample_count`](Self::sample_count)
    /// samples and the size given to [`prepare`](Self::prepare).
    pub fn draw(&self, pass: &mut wgpu::RenderPass<'_>) {
        let f = &self.frame;
        let [tw, th] = f.target;
        let tesseract = f.tesseract_scissor.unwrap_or([0, 0, tw, th]);
        pass.set_bind_group(0, &self.bind_group, &[]);
        let mut clipped = false;
        let mut clip = |pass: &mut wgpu::RenderPass<'_>, to_tesseract: bool| {
            if to_tesseract != clipped {
                let [x, y, w, h] = if to_tesseract {
                    tesseract
                } else {
                    [0, 0, tw, th]
                };
                pass.set_scissor_rect(x, y, w, h);
                clipped = to_tesseract;
            }
        };
        if self.cells.len > 0 {
            clip(pass, true);
            pass.set_pipeline(&self.cell_pipeline);
            pass.set_vertex_buffer(0, self.cells.buffer.slice(..));
            pass.draw(0..36, 0..self.cells.len);
        }
        if !f.draws.is_empty() {
            pass.set_vertex_buffer(0, self.quads.buffer.slice(..));
        }
        for d in &f.draws {
            clip(pass, d.in_tesseract);
            pass.set_pipeline(&self.quad_pipelines[d.pipe as usize]);
            pass.draw(0..6, d.range.clone());
        }
        clip(pass, false);
    }

    /// Draw calls the last prepared frame needs: at most 7 (cells, three runs of quads
    /// for the tesseract, three for the flat boards), whatever the scene holds.
    pub fn draw_calls(&self) -> usize {
        usize::from(self.cells.len > 0) + self.frame.draws.len()
    }
}

/// Whether a target stores linear light (sRGB-encoding and floating-point formats), so
/// the palette's sRGB colours must be converted before they are written.
fn wants_linear(format: wgpu::TextureFormat) -> bool {
    use wgpu::TextureFormat as F;
    format.is_srgb() || matches!(format, F::Rgba16Float | F::Rgba32Float | F::Rg11b10Ufloat)
}

enum DepthUse {
    TestOnly,
    TestAndWrite,
    Ignore,
}

struct PipelineMaker<'a> {
    device: &'a wgpu::Device,
    layout: &'a wgpu::PipelineLayout,
    format: wgpu::TextureFormat,
    sample_count: u32,
}

impl PipelineMaker<'_> {
    fn pipeline(
        &self,
        label: &str,
        module: &wgpu::ShaderModule,
        [vs, fs]: [&str; 2],
        buffers: &[Option<wgpu::VertexBufferLayout<'_>>],
        depth: DepthUse,
        cull_mode: Option<wgpu::Face>,
    ) -> wgpu::RenderPipeline {
        let (write, compare) = match depth {
            DepthUse::TestOnly => (false, wgpu::CompareFunction::LessEqual),
            DepthUse::TestAndWrite => (true, wgpu::CompareFunction::LessEqual),
            DepthUse::Ignore => (false, wgpu::CompareFunction::Always),
        };
        let blend = wgpu::BlendState {
            color: wgpu::BlendComponent {
                src_factor: wgpu::BlendFactor::SrcAlpha,
                dst_factor: wgpu::BlendFactor::OneMinusSrcAlpha,
                operation: wgpu::BlendOperation::Add,
            },
            alpha: wgpu::BlendComponent {
                src_factor: wgpu::BlendFactor::One,
                dst_factor: wgpu::BlendFactor::OneMinusSrcAlpha,
                operation: wgpu::BlendOperation::Add,
            },
        };
        self.device
            .create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(label),
                layout: Some(self.layout),
                vertex: wgpu::VertexState {
                    module,
                    entry_point: Some(vs),
                    compilation_options: Default::default(),
                    buffers,
                },
                primitive: wgpu::PrimitiveState {
                    cull_mode,
                    ..Default::default()
                },
                depth_stencil: Some(wgpu::DepthStencilState {
                    format: DEPTH_FORMAT,
                    depth_write_enabled: Some(write),
                    depth_compare: Some(compare),
                    stencil: Default::default(),
                    bias: Default::default(),
                }),
                multisample: wgpu::MultisampleState {
                    count: self.sample_count,
                    ..Default::default()
                },
                fragment: Some(wgpu::FragmentState {
                    module,
                    entry_point: Some(fs),
                    compilation_options: Default::default(),
                    targets: &[Some(wgpu::ColorTargetState {
                        format: self.format,
                        blend: Some(blend),
                        write_mask: wgpu::ColorWrites::ALL,
                    })],
                }),
                multiview_mask: None,
                cache: None,
            })
    }
}

/// The built-in atlas in a new texture (generation 0: no picture of a scene's own yet).
fn upload_atlas(device: &wgpu::Device, queue: &wgpu::Queue) -> (wgpu::Texture, u64) {
    let image = crate::atlas::atlas();
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("chess4d atlas"),
        size: wgpu::Extent3d {
            width: ATLAS_SIZE,
            height: ATLAS_SIZE,
            depth_or_array_layers: 1,
        },
        mip_level_count: image.levels.len() as u32,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    write_atlas(queue, &texture, image);
    (texture, 0)
}

/// Writes every mip level of the atlas into its texture.
fn write_atlas(queue: &wgpu::Queue, texture: &wgpu::Texture, image: &crate::atlas::AtlasImage) {
    for (level, pixels) in image.levels.iter().enumerate() {
        let side = (ATLAS_SIZE >> level).max(1);
        queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture,
                mip_level: level as u32,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            pixels,
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(side * 4),
                rows_per_image: Some(side),
            },
            wgpu::Extent3d {
                width: side,
                height: side,
                depth_or_array_layers: 1,
            },
        );
    }
}
