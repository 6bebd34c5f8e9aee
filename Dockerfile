# boardbot in a container: a static binary on a distroless base, run as a non-root user, with
# the SQLite file on a volume. Build: docker build -t boardbot .
# Run (gateway mode, SQLite):
#   docker run -d --restart unless-stopped -v boardbot:/data \
#     -v $PWD/boardbot.toml:/etc/boardbot/boardbot.toml:ro -e BOARDBOT_TOKEN boardbot
# compose.yaml runs it in HTTP mode with PostgreSQL.

FROM golang:1.26 AS build
WORKDIR /src
# Modules first, so that a change to the code alone reuses the downloaded modules' layer.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
# CGO_ENABLED=0: pure Go (modernc.org/sqlite needs no C), so the binary runs on a base with no libc.
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/boardbot ./cmd/boardbot \
 && mkdir /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/boardbot /usr/local/bin/boardbot
# The example configuration is every default; mount your own over it.
COPY config.example.toml /etc/boardbot/boardbot.toml
# The working directory is the volume: the default database.path, boardbot.db, lands in it.
COPY --from=build --chown=65532:65532 /out/data /data
WORKDIR /data
VOLUME /data
# distroless' "nonroot" user.
USER 65532:65532
# The configuration file, found by every command (boardbot health included), and the operations
# listener: /livez, /readyz and /metrics on :8081 in both modes, apart from the interactions.
ENV BOARDBOT_CONFIG=/etc/boardbot/boardbot.toml BOARDBOT_METRICS_LISTEN=:8081
# `serve` listens on 8080 when started with --listen :8080 (compose.yaml does); 8081 is for
# Prometheus and probes, never for the public.
EXPOSE 8080 8081
# distroless has no shell or curl: the binary probes its own /readyz (store answering, token
# accepted, gateway connected or public key loaded). Start period: the token check and the
# gateway's first connection.
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 CMD ["/usr/local/bin/boardbot", "health"]
ENTRYPOINT ["/usr/local/bin/boardbot"]
CMD ["run", "--config", "/etc/boardbot/boardbot.toml"]
