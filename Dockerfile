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
# `serve` listens here when started with --listen :8080 (compose.yaml does).
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/boardbot"]
CMD ["run", "--config", "/etc/boardbot/boardbot.toml"]
