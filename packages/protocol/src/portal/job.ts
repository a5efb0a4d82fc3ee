import { type Static, Type } from 'typebox';
import { PId, PStrict, Paged, PageRequest, PText, RegionCode } from './shared.ts';

/** `xz`: 0 full-time, 1 part-time (seed 001 §2.2 footer links). */
export const JOB_NATURE = { FULL_TIME: 0, PART_TIME: 1 } as const;

/**
 * job/list. City: `province`/`citys`/`area` here, else from the city cookies of the same names (PRT15);
 * neither: every city. `val` matches the title, the company name and the job group's title.
 */
export const JobListRequestSchema = Type.Object(
  {
    val: Type.Optional(PText({ maxLength: 50 })),
    hid: Type.Optional(PId),
    xz: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
    province: Type.Optional(RegionCode),
    citys: Type.Optional(RegionCode),
    area: Type.Optional(RegionCode),
    ...PageRequest,
  },
  PStrict,
);
export type JobListRequest = Static<typeof JobListRequestSchema>;

export const JobCompanySchema = Type.Object(
  {
    uid: Type.String({ description: 'the enterprise account; also its chat user ID' }),
    title: Type.String(),
  },
  PStrict,
);

export const JobItemSchema = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    hid: Type.Integer(),
    group: Type.String(),
    xz: Type.Integer(),
    salary: Type.String(),
    province: Type.String(),
    citys: Type.String(),
    area: Type.String(),
    city_name: Type.String({ description: 'city and district, e.g. 太原·小店区' }),
    education: Type.String(),
    experience: Type.String(),
    company: JobCompanySchema,
    time: Type.Integer(),
  },
  PStrict,
);
export type JobItem = Static<typeof JobItemSchema>;
export const JobPageSchema = Paged(JobItemSchema);
export type JobPage = Static<typeof JobPageSchema>;

/** job/show: the job with its enterprise; `chat_uid` opens a C2C chat with the enterprise (`C2C<chat_uid>`). */
export const JobDetailSchema = Type.Object(
  {
    ...JobItemSchema.properties,
    headcount: Type.Integer(),
    address: Type.String(),
    description: Type.String({ description: 'plain text; render as text' }),
    requirements: Type.String({ description: 'plain text; render as text' }),
    lng: Type.Number(),
    lat: Type.Number(),
    chat_uid: Type.String(),
    company_info: Type.Object(
      { intro: Type.String(), scale: Type.String(), industry: Type.String(), address: Type.String() },
      PStrict,
    ),
  },
  PStrict,
);
export type JobDetail = Static<typeof JobDetailSchema>;

/** job/mine: the enterprise's own jobs, open and closed, newest first. */
export const MyJobsRequestSchema = Type.Object({ ...PageRequest }, PStrict);
export type MyJobsRequest = Static<typeof MyJobsRequestSchema>;
