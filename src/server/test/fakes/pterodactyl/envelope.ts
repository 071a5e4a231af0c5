/**
 * The panel's JSON envelope, as Pterodactyl 1.11 writes it (app/Extensions/League/Fractal/
 * Serializers/PterodactylSerializer.php, Fractal's paginator meta) and its error body
 * (app/Exceptions/Handler.php: convertExceptionToArray, invalidJson).
 */
export type Answer = [status: number, body: unknown];

export function item(object: string, attributes: unknown) {
  return { object, attributes };
}

/** A page of `all`: `{object:'list', data, meta:{pagination}}` with links to the pages either side. */
export function page<T>(all: T[], map: (value: T) => unknown, url: URL, defaultPerPage = 50) {
  const perPage = Math.max(1, Number(url.searchParams.get('per_page')) || defaultPerPage);
  const current = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const slice = all.slice((current - 1) * perPage, current * perPage);
  const totalPages = Math.max(1, Math.ceil(all.length / perPage));
  const link = (n: number) => `${url.origin}${url.pathname}?page=${n}`;
  return {
    object: 'list',
    data: slice.map(map),
    meta: {
      pagination: {
        total: all.length,
        count: slice.length,
        per_page: perPage,
        current_page: current,
        total_pages: totalPages,
        links: { ...(current > 1 && { previous: link(current - 1) }), ...(current < totalPages && { next: link(current + 1) }) },
      },
    },
  };
}

/** `{errors:[{code,status,detail}]}`: code is the exception's class name, status a string. */
export function failure(status: number, code: string, detail: string): Answer {
  return [status, { errors: [{ code, status: String(status), detail }] }];
}

export const notFound = (): Answer =>
  failure(404, 'NotFoundHttpException', 'The requested resource could not be found on the server.');

export const unauthenticated = (): Answer => failure(401, 'AuthenticationException', 'Unauthenticated.');

export interface ValidationIssue {
  field: string;
  rule: string;
  detail: string;
}

/** 422 with one error a failed rule, each naming its field and rule in meta. */
export function invalid(issues: ValidationIssue[]): Answer {
  return [
    422,
    {
      errors: issues.map((i) => ({
        code: 'ValidationException',
        status: '422',
        detail: i.detail,
        meta: { source_field: i.field, rule: i.rule },
      })),
    },
  ];
}
